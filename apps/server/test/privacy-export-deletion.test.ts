import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FILES, EXPORT_LIMITS } from '@portal/contract/privacy';
import {
  addLicenceViaApi,
  bearer,
  buildTestApp,
  createPerson,
  createProjectViaApi,
  createService,
  login,
  type TestContext,
  type TestPerson,
} from './helper.js';

// A person's data export and account deletion on both dialects (docs/privacy.md#export,
// docs/privacy.md#deletion): what the ZIP holds and does not, who may have it, its rate limit;
// what a deletion needs, what it refuses, what ends and what survives it.

const PUBLIC_URL = 'https://portal.example.com';

describe('data export and account deletion', () => {
  let ctx: TestContext;
  let admin: TestPerson;
  let adminToken: string;
  let serviceId: string;

  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_URL });
    admin = await createPerson(ctx.db, { isAdmin: 1, email: 'chefin@example.com' });
    adminToken = await login(ctx.app, admin);
    serviceId = await createService(ctx.db, { pricePer1000Calls: 1000 });
  });
  afterAll(() => ctx.close());

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  let serial = 0;
  async function customer(name = 'kunde'): Promise<TestPerson & { token: string }> {
    const person = await createPerson(ctx.db, {
      email: `${name}-${++serial}@example.com`,
      firstname: name,
      lastname: 'Test',
    });
    return { ...person, token: await login(ctx.app, person) };
  }

  /** `member` joins `projectId` of `owner` as editor. */
  async function join(owner: { token: string }, projectId: string, member: TestPerson & { token: string }) {
    const invited = await inject('POST', `/rest/collection/project/${projectId}/member`, owner.token, {
      email: member.email,
      role: 'editor',
    });
    expect(invited.statusCode).toBe(201);
    const invitations = (
      await inject('GET', `/rest/collection/person/${member.id}/invitation`, member.token)
    ).json<Array<{ id: string; project: { id: string } }>>();
    const invitation = invitations.find((i) => i.project.id === projectId);
    expect(
      (await inject('POST', `/rest/collection/invitation/${invitation!.id}/accept`, member.token)).statusCode,
    ).toBe(200);
  }

  const unzip = (bytes: Buffer) => {
    const files = unzipSync(new Uint8Array(bytes));
    return {
      names: Object.keys(files),
      json: <T>(name: string): T => JSON.parse(strFromU8(files[name]!)) as T,
      text: (name: string) => strFromU8(files[name]!),
    };
  };

  describe('export', () => {
    it('answers a ZIP with every file, the README in the person’s language, and nothing of other people beyond what the project shows its members', async () => {
      const anna = await customer('anna');
      const bob = await customer('bob');
      const stranger = await customer('fremd');
      const shop = await createProjectViaApi(ctx.app, anna.token, anna.id, {
        name: 'Annas Shop',
        domainsProduction: ['shop.example.com'],
      });
      const licence = await addLicenceViaApi(ctx.app, anna.token, shop, serviceId);
      await join(anna, shop, bob);
      await createProjectViaApi(ctx.app, stranger.token, stranger.id, { name: 'Fremdes Projekt' });
      const today = new Date().toISOString().slice(0, 10);
      await ctx.db
        .insertInto('usageDaily')
        .values([
          { licenceId: licence, day: today, count: 42 },
          { licenceId: licence, day: '2000-01-01', count: 7 }, // older than the export's range
        ])
        .execute();
      await ctx.db
        .insertInto('contactRequest')
        .values([
          {
            id: 'c-anna',
            firstname: 'Anna',
            subname: 'Test',
            email: anna.email,
            message: 'Hallo',
            termsAccepted: 1,
            language: 'de',
            createdAt: new Date().toISOString(),
            privacyVersion: '2026-01-01T00:00:00.000Z',
            privacyAcceptedAt: new Date().toISOString(),
          },
          {
            id: 'c-other',
            firstname: 'X',
            subname: 'Y',
            email: stranger.email,
            message: 'Fremd',
            termsAccepted: 1,
            language: 'de',
            createdAt: new Date().toISOString(),
          },
        ])
        .execute();

      const hook = await inject('POST', `/rest/collection/project/${shop}/webhook`, anna.token, {
        url: 'https://hooks.example.com/shop',
        events: ['licence.added'],
      });
      expect(hook.statusCode, hook.body).toBe(201);
      const hookSecret = hook.json<{ secret: string }>().secret;
      const billing = await inject('PUT', `/rest/collection/person/${bob.id}/billing`, bob.token, {
        name: 'Bob Test',
        street: 'Weg 1',
        postcode: '50667',
        city: 'Köln',
        country: 'DE',
        invoiceEmail: bob.email,
        wantsXml: false,
      });
      expect(billing.statusCode, billing.body).toBeLessThan(300);
      const token = await inject('POST', `/rest/collection/person/${bob.id}/token`, bob.token, {
        name: 'Skript',
        scope: 'read',
        expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      });
      expect(token.statusCode, token.body).toBe(201);
      const plainToken = token.json<{ token: string }>().token;

      const res = await inject('GET', `/rest/collection/person/${bob.id}/export`, bob.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="portal-data-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const zip = unzip(res.rawPayload);
      for (const name of EXPORT_FILES) expect(zip.names).toContain(name);
      expect(zip.text('README.txt')).toContain('Deine Daten aus dem Kundenportal');
      expect(zip.json<{ email: string }>('person.json').email).toBe(bob.email);
      expect(zip.json<Array<{ current: boolean }>>('sessions.json').some((s) => s.current)).toBe(true);
      const projects =
        zip.json<
          Array<{
            name: string;
            yourRole: string;
            members: Array<{ person: { email: string }; role: string }>;
            licences: unknown[];
            usagePerDay: { days: Array<{ day: string; count: number }> };
            domains: { production: string[] };
          }>
        >('projects.json');
      expect(projects.map((p) => p.name)).toEqual(['Annas Shop']);
      expect(projects[0]!.yourRole).toBe('editor');
      // The owner's address as the project shows it to its members; nothing else of Anna.
      expect(projects[0]!.members.map((m) => [m.person.email, m.role])).toEqual([
        [anna.email, 'owner'],
        [bob.email, 'editor'],
      ]);
      expect(projects[0]!.domains.production).toEqual(['shop.example.com']);
      expect(projects[0]!.licences).toHaveLength(1);
      expect(projects[0]!.usagePerDay.days.map((d) => [d.day, d.count])).toEqual([[today, 42]]);
      expect(zip.json<unknown[]>('invoices.json')).toEqual([]);
      expect(zip.json<{ city: string; wantsXml: boolean }>('billing-profile.json')).toMatchObject({
        city: 'Köln',
        wantsXml: false,
      });
      expect(zip.json<Array<{ name: string; scope: string }>>('access-tokens.json')).toMatchObject([
        { name: 'Skript', scope: 'read' },
      ]);
      // An editor sees the project's webhook endpoints, never their secrets.
      expect(
        (projects[0] as unknown as { webhooks: Array<{ url: string }> }).webhooks.map((w) => w.url),
      ).toEqual(['https://hooks.example.com/shop']);
      const all = EXPORT_FILES.map((name) => zip.text(name)).join('\n');
      expect(all).not.toContain(stranger.email);
      expect(all).not.toContain('Fremdes Projekt');
      expect(all).not.toContain('Hallo'); // Anna's contact request is not Bob's
      expect(all).not.toContain('argon2');
      expect(all).not.toContain(hookSecret);
      expect(all).not.toContain(plainToken.slice(4));

      const annaZip = unzip(
        (await inject('GET', `/rest/collection/person/${anna.id}/export`, anna.token)).rawPayload,
      );
      expect(
        annaZip.json<Array<{ id: string; message: string }>>('contact-requests.json').map((c) => c.id),
      ).toEqual(['c-anna']);
      expect(annaZip.json<Array<{ privacyVersion: string }>>('consents.json')).toMatchObject([
        { contactRequestId: 'c-anna', privacyVersion: '2026-01-01T00:00:00.000Z' },
      ]);
    });

    it('writes the README in English for an English-speaking person', async () => {
      const kim = await customer('kim');
      await ctx.db.updateTable('person').set({ language: 'en' }).where('id', '=', kim.id).execute();
      const zip = unzip(
        (await inject('GET', `/rest/collection/person/${kim.id}/export`, kim.token)).rawPayload,
      );
      expect(zip.text('README.txt')).toContain('Your data from the customer portal');
      expect(zip.text('README.txt')).toContain('invoices');
    });

    it('is the person’s own: another person (even an admin on this route) gets 404, and signed-out callers 401', async () => {
      const anna = await customer('anna');
      const bob = await customer('bob');
      expect((await inject('GET', `/rest/collection/person/${anna.id}/export`, bob.token)).statusCode).toBe(
        404,
      );
      expect((await inject('GET', `/rest/collection/person/${anna.id}/export`, adminToken)).statusCode).toBe(
        404,
      );
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${anna.id}/export` }))
          .statusCode,
      ).toBe(401);
    });

    it('lets an admin export a customer from the console, audited; customers get 403 there', async () => {
      const anna = await customer('anna');
      const res = await inject('GET', `/rest/collection/admin/person/${anna.id}/export`, adminToken);
      expect(res.statusCode).toBe(200);
      expect(unzip(res.rawPayload).json<{ email: string }>('person.json').email).toBe(anna.email);
      const audit = await ctx.db.selectFrom('auditLog').selectAll().where('objectId', '=', anna.id).execute();
      expect(audit).toMatchObject([{ action: 'export', objectType: 'person', actorId: admin.id }]);
      // The admin's own export lists what they did to Anna, not Anna's data.
      const own = unzip((await inject('GET', `/rest/collection/person/${admin.id}/export`, adminToken)).rawPayload);
      const entries = own.json<Array<{ objectId: string; action: string; before?: unknown }>>('audit-log.json');
      expect(entries.find((e) => e.objectId === anna.id)).toMatchObject({ action: 'export' });
      expect(entries.filter((e) => e.objectId !== admin.id).every((e) => !('before' in e))).toBe(true);
      expect(own.text('audit-log.json')).not.toContain(anna.email);
      expect(
        (await inject('GET', `/rest/collection/admin/person/${anna.id}/export`, anna.token)).statusCode,
      ).toBe(403);
      expect(
        (await inject('GET', `/rest/collection/admin/person/NOPE${anna.id}/export`, adminToken)).statusCode,
      ).toBe(404);
    });

    it(`allows ${EXPORT_LIMITS.perHour} exports an hour per person, then 429 with Retry-After`, async () => {
      const kim = await customer('kim');
      for (let i = 0; i < EXPORT_LIMITS.perHour; i++) {
        expect((await inject('GET', `/rest/collection/person/${kim.id}/export`, kim.token)).statusCode).toBe(
          200,
        );
      }
      const refused = await inject('GET', `/rest/collection/person/${kim.id}/export`, kim.token);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another person is not affected.
      const other = await customer('other');
      expect(
        (await inject('GET', `/rest/collection/person/${other.id}/export`, other.token)).statusCode,
      ).toBe(200);
    });
  });

  describe('deletion', () => {
    const del = (person: { id: string; token: string }, payload: object) =>
      inject('DELETE', `/rest/collection/person/${person.id}`, person.token, payload);

    it('refuses a wrong password with 400 and changes nothing', async () => {
      const anna = await customer('anna');
      const before = await ctx.db
        .selectFrom('person')
        .selectAll()
        .where('id', '=', anna.id)
        .executeTakeFirstOrThrow();
      const res = await del(anna, { password: 'not my password' });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('pwWrong');
      expect(
        await ctx.db.selectFrom('person').selectAll().where('id', '=', anna.id).executeTakeFirstOrThrow(),
      ).toEqual(before);
      expect((await inject('GET', `/rest/collection/person/${anna.id}`, anna.token)).statusCode).toBe(200);
      expect((await del(anna, {})).statusCode).toBe(400); // no proof at all
      expect((await del(anna, { password: anna.password, code: '123456' })).statusCode).toBe(400); // two at once
    });

    it('is refused for another person (404), and the target stays', async () => {
      const anna = await customer('anna');
      const bob = await customer('bob');
      expect(
        (await inject('DELETE', `/rest/collection/person/${anna.id}`, bob.token, { password: bob.password }))
          .statusCode,
      ).toBe(404);
      expect((await inject('GET', `/rest/collection/person/${anna.id}`, anna.token)).statusCode).toBe(200);
    });

    it('blocks while the person owns a shared project, names it, and works after the hand-over', async () => {
      const anna = await customer('anna');
      const bob = await customer('bob');
      const shared = await createProjectViaApi(ctx.app, anna.token, anna.id, { name: 'Gemeinsames Projekt' });
      await join(anna, shared, bob);
      const blocked = await del(anna, { password: anna.password });
      expect(blocked.statusCode).toBe(409);
      const error = blocked.json<{ error: { code: string; message: string; problems: string[] } }>().error;
      expect(error).toMatchObject({ code: 'sharedProjects', problems: ['Gemeinsames Projekt'] });
      expect(error.message).toContain('Übergib');
      expect((await inject('GET', `/rest/collection/person/${anna.id}`, anna.token)).statusCode).toBe(200);

      // The hand-over of the sharing code: Bob becomes the owner, Anna an editor.
      expect(
        (
          await inject('PATCH', `/rest/collection/project/${shared}/member/${bob.id}`, anna.token, {
            role: 'owner',
          })
        ).statusCode,
      ).toBeLessThan(300);
      const secondSession = await login(ctx.app, anna);
      const script = await inject('POST', `/rest/collection/person/${anna.id}/token`, anna.token, {
        name: 'Deploy',
        scope: 'read',
        expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      });
      expect(script.statusCode, script.body).toBe(201);
      const accessToken = script.json<{ token: string }>().token;
      const billing = await inject('PUT', `/rest/collection/person/${anna.id}/billing`, anna.token, {
        name: 'Anna Test',
        street: 'Weg 2',
        postcode: '10115',
        city: 'Berlin',
        country: 'DE',
        invoiceEmail: anna.email,
        wantsXml: true,
      });
      expect(billing.statusCode, billing.body).toBeLessThan(300);
      expect((await inject('GET', `/rest/collection/person/${anna.id}`, accessToken)).statusCode).toBe(200);
      expect((await del(anna, { password: anna.password })).statusCode).toBe(204);
      // Every session and personal access token ended at once: the old bearer tokens answer 401.
      expect((await inject('GET', `/rest/collection/person/${anna.id}`, anna.token)).statusCode).toBe(401);
      expect((await inject('GET', `/rest/collection/person/${anna.id}`, secondSession)).statusCode).toBe(401);
      expect((await inject('GET', `/rest/collection/person/${anna.id}`, accessToken)).statusCode).toBe(401);
      expect(await ctx.db.selectFrom('accessToken').select('id').where('personId', '=', anna.id).execute()).toEqual([]);
      // The billing details go with the account (issued invoices keep their own copy).
      expect(await ctx.db.selectFrom('billingProfile').select('city').where('personId', '=', anna.id).execute()).toEqual([]);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/rest/auth',
            headers: {
              authorization: `Basic ${Buffer.from(`${anna.email}:${anna.password}`).toString('base64')}`,
            },
          })
        ).statusCode,
      ).toBe(401);
      // The project stays Bob's, without Anna.
      const members = (await inject('GET', `/rest/collection/project/${shared}/member`, bob.token)).json<
        Array<{ person: { oid: string } }>
      >();
      expect(members.map((m) => m.person.oid)).toEqual([bob.id]);
      // The tombstone: nothing personal left.
      const row = await ctx.db
        .selectFrom('person')
        .selectAll()
        .where('id', '=', anna.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        firstname: '',
        lastname: '',
        company: '',
        place: '',
        passwordHash: '',
        disabled: 1,
        avatarWebp: null,
      });
      expect(row.email).toMatch(/@deleted\.invalid$/);
      expect(row.deletedAt).not.toBeNull();
      expect(
        await ctx.db.selectFrom('session').select('id').where('personId', '=', anna.id).execute(),
      ).toEqual([]);
    });

    it('soft-deletes a project owned alone; its usage stays in the admin report of that month', async () => {
      const kim = await customer('kim');
      const project = await createProjectViaApi(ctx.app, kim.token, kim.id, { name: 'Kims Alleinprojekt' });
      const licence = await addLicenceViaApi(ctx.app, kim.token, project, serviceId);
      const month = new Date().toISOString().slice(0, 7);
      await ctx.db
        .insertInto('usageDaily')
        .values({ licenceId: licence, day: `${month}-01`, count: 3000 })
        .execute();
      await ctx.db
        .insertInto('contactRequest')
        .values({
          id: `c-${kim.id}`,
          firstname: 'Kim',
          subname: 'Test',
          email: kim.email,
          message: 'Bitte löschen',
          termsAccepted: 1,
          language: 'de',
          createdAt: new Date().toISOString(),
        })
        .execute();
      const hook = await inject('POST', `/rest/collection/project/${project}/webhook`, kim.token, {
        url: 'https://hooks.example.com/kim?token=private',
        events: ['licence.added'],
      });
      expect(hook.statusCode, hook.body).toBe(201);
      expect((await del(kim, { password: kim.password })).statusCode).toBe(204);
      // The project's webhook address (it may carry Kim's own credentials) goes with the account.
      expect(await ctx.db.selectFrom('webhookEndpoint').select('id').where('projectId', '=', project).execute()).toEqual([]);
      // An admin cannot give a deleted person billing details again.
      const billing = await inject('PUT', `/rest/collection/person/${kim.id}/billing`, adminToken, {
        name: 'Kim',
        street: 'Weg 1',
        postcode: '50667',
        city: 'Köln',
        country: 'DE',
        invoiceEmail: 'kim@example.com',
        wantsXml: false,
      });
      expect(billing.statusCode).toBe(404);

      const row = await ctx.db
        .selectFrom('project')
        .select('deletedAt')
        .where('id', '=', project)
        .executeTakeFirstOrThrow();
      expect(row.deletedAt).not.toBeNull();
      const [y, m] = month.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
      const report = await inject(
        'GET',
        `/rest/collection/admin/projects?from=${month}-01&to=${last}`,
        adminToken,
      );
      expect(report.statusCode).toBe(200);
      const entry = report
        .json<{ projects: Array<{ id: string; calls: number; deleted: boolean }> }>()
        .projects.find((p) => p.id === project);
      expect(entry).toMatchObject({ calls: 3000, deleted: true });
      // The CSV for the accountant says "deleted person", not the tombstone's placeholder address.
      const csv = await ctx.app.inject({
        method: 'GET',
        url: `/rest/collection/admin/projects?from=${month}-01&to=${last}&format=csv`,
        headers: { ...bearer(adminToken), 'accept-language': 'de' },
      });
      expect(csv.statusCode).toBe(200);
      const line = csv.body.split('\n').find((l) => l.includes(',3000,'));
      // (This app has no interface texts loaded, so the title is its text key.)
      expect(line).toMatch(/^[^,]+,(gelöschte Person|deletedPerson),3000,/);
      expect(csv.body).not.toContain('@deleted.invalid');
      // The contact request sent with the address is gone.
      expect(
        await ctx.db.selectFrom('contactRequest').select('id').where('id', '=', `c-${kim.id}`).execute(),
      ).toEqual([]);
    });

    it('lets the same address sign up again as a new person', async () => {
      const lea = await customer('lea');
      expect((await del(lea, { password: lea.password })).statusCode).toBe(204);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/rest/signup',
        payload: {
          salutation: 'f',
          firstname: 'Lea',
          lastname: 'Neu',
          company: '',
          email: lea.email,
          password: 'a fresh passphrase',
          language: 'de',
          terms: true,
        },
      });
      expect(res.statusCode).toBe(202);
      const again = await ctx.db
        .selectFrom('person')
        .select(['id', 'verified'])
        .where('email', '=', lea.email)
        .executeTakeFirstOrThrow();
      expect(again.id).not.toBe(lea.id);
      expect(again.verified).toBe(0);
    });

    it('never deletes the last admin who can sign in', async () => {
      // Only `admin` is an active admin here.
      const res = await inject('DELETE', `/rest/collection/person/${admin.id}`, adminToken, {
        password: admin.password,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('lastAdmin');
      expect((await inject('GET', `/rest/collection/person/${admin.id}`, adminToken)).statusCode).toBe(200);
    });

    it('lets an admin delete a customer with the admin’s own password, audited; a wrong one changes nothing', async () => {
      const ute = await customer('ute');
      const url = `/rest/collection/admin/person/${ute.id}`;
      expect(
        (await inject('DELETE', url, adminToken, { password: 'the customer’s, not mine' })).statusCode,
      ).toBe(400);
      expect((await inject('GET', `/rest/collection/person/${ute.id}`, ute.token)).statusCode).toBe(200);
      expect((await inject('DELETE', url, ute.token, { password: ute.password })).statusCode).toBe(403);
      expect((await inject('DELETE', url, adminToken, { password: admin.password })).statusCode).toBe(204);
      expect((await inject('GET', `/rest/collection/person/${ute.id}`, ute.token)).statusCode).toBe(401);
      const audit = await ctx.db
        .selectFrom('auditLog')
        .selectAll()
        .where('objectId', '=', ute.id)
        .where('action', '=', 'delete')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: admin.id, objectType: 'person', afterJson: null });
      expect(JSON.parse(audit[0]!.beforeJson!)).toMatchObject({ email: ute.email });
      // Gone from the console; a second deletion finds nobody.
      expect((await inject('GET', url, adminToken)).statusCode).toBe(404);
      expect((await inject('DELETE', url, adminToken, { password: admin.password })).statusCode).toBe(404);
    });
  });
});
