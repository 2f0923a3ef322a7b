import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRole } from '@portal/contract/project';
import { MEMBER_LIMITS } from '@portal/contract/project-member';
import { newId } from '../src/lib/ids.js';
import { createMailSender } from '../src/modules/mail/mail-sender.js';
import { OutboxWorker } from '../src/modules/mail/outbox-worker.js';
import {
  bearer,
  buildTestApp,
  createProjectViaApi,
  createProjectWithLicences,
  createService,
  createSignedInPerson,
  dialect,
  snapshot,
  type SignedInPerson,
  type TestContext,
} from './helper.js';
import { linkIn, startMailbox, type Mailbox } from './support/mailbox.js';

// Shared projects (docs/domain.md#ownership): every route of a project and its licences with
// each role, invitations by mail to existing and new addresses, handing a project over, and
// leaving it. Sign-up is by invitation here: project invitations must work without open sign-up.

const PUBLIC_URL = 'http://portal.test';
const settingsForm = JSON.stringify([
  {
    id: 's',
    label: { de: 'Einstellungen', en: 'Settings' },
    fields: [{ id: 'colour', name: { de: 'Farbe', en: 'Colour' }, fieldType: 'text' }],
  },
]);

type Who = ProjectRole | 'stranger' | 'admin';

type Actor = SignedInPerson;

interface Res {
  statusCode: number;
  json: <T>() => T;
  body: string;
}

describe(`shared projects (${dialect})`, () => {
  let ctx: TestContext;
  let mailbox: Mailbox;
  let worker: OutboxWorker;
  let serviceId: string;
  let otherServiceId: string;
  const actors = {} as Record<Who, Actor>;
  /** Invited to every shared project, never answering. */
  let invitee: Actor;
  const mailsSeen = new Map<string, number>();

  const call = async (
    who: Actor | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ): Promise<Res> =>
    ctx.app.inject({
      method,
      url,
      headers: { ...(who ? bearer(who.token) : {}), 'content-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  /** The next mail to the address (each mail is returned once). */
  const nextMail = async (address: string) => {
    const seen = mailsSeen.get(address) ?? 0;
    const mail = await mailbox.mailTo(address, seen);
    mailsSeen.set(address, seen + 1);
    return mail;
  };

  const newActor = (firstname: string, isAdmin = 0): Promise<Actor> =>
    createSignedInPerson(ctx, { firstname, lastname: 'Test', isAdmin });

  const invitationsOf = async (who: Actor) => {
    const res = await call(who, 'GET', `/rest/collection/person/${who.id}/invitation`);
    expect(res.statusCode).toBe(200);
    return res.json<
      Array<{ id: string; project: { id: string; name: string; owner: string }; role: string }>
    >();
  };

  /** Invites by address and accepts as the invited person. */
  const addMember = async (projectId: string, who: Actor, role: 'editor' | 'viewer') => {
    const invited = await call(actors.owner, 'POST', `/rest/collection/project/${projectId}/member`, {
      email: who.email,
      role,
    });
    expect(invited.statusCode).toBe(201);
    const invitation = (await invitationsOf(who)).find((i) => i.project.id === projectId);
    expect(invitation?.role).toBe(role);
    const accepted = await call(who, 'POST', `/rest/collection/invitation/${invitation!.id}/accept`);
    expect(accepted.statusCode).toBe(200);
  };

  /** A project of the owner with one licence, the editor and the viewer as members. */
  const sharedProject = async () => {
    const {
      projectId,
      licenceIds: [licenceId],
    } = await createProjectWithLicences(ctx, actors.owner, [serviceId], { name: 'Shared shop' });
    await addMember(projectId, actors.editor, 'editor');
    await addMember(projectId, actors.viewer, 'viewer');
    const invited = await call(actors.owner, 'POST', `/rest/collection/project/${projectId}/member`, {
      email: invitee.email,
      role: 'viewer',
    });
    expect(invited.statusCode).toBe(201);
    return { projectId, licenceId };
  };

  beforeAll(async () => {
    mailbox = await startMailbox();
    ctx = await buildTestApp({ PUBLIC_URL, SIGNUP: 'invite' });
    worker = new OutboxWorker(
      ctx.db,
      createMailSender(`smtp://127.0.0.1:${mailbox.port}`, 'Portal <portal@example.com>'),
      ctx.app.log,
      ctx.app.clock,
      { pollMs: 50, baseDelayMs: 100, maxDelayMs: 1000, maxAttempts: 5, leaseMs: 30_000 },
    );
    worker.start();
    serviceId = await createService(ctx.db, { nameEn: 'Weather', formJson: settingsForm });
    otherServiceId = await createService(ctx.db, { nameEn: 'Maps' });
    actors.owner = await newActor('Olga');
    actors.editor = await newActor('Edgar');
    actors.viewer = await newActor('Vera');
    actors.stranger = await newActor('Stefan');
    actors.admin = await newActor('Ada', 1);
    invitee = await newActor('Ines');
  });
  afterAll(async () => {
    await worker.stop();
    await ctx.close();
    await mailbox.close();
  });

  const ROLE_RANK: Record<ProjectRole, number> = { viewer: 0, editor: 1, owner: 2 };
  const expected = (who: Who, needed: ProjectRole): 'ok' | 403 | 404 =>
    who === 'stranger' || who === 'admin' ? 404 : ROLE_RANK[who] >= ROLE_RANK[needed] ? 'ok' : 403;

  interface RouteCase {
    name: string;
    needed: ProjectRole;
    request: (p: { projectId: string; licenceId: string }) => {
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      url: string;
      payload?: Record<string, unknown>;
    };
  }

  const ROUTES: RouteCase[] = [
    {
      name: 'read the project',
      needed: 'viewer',
      request: (p) => ({ method: 'GET', url: `/rest/collection/project/${p.projectId}` }),
    },
    {
      name: 'read a licence',
      needed: 'viewer',
      request: (p) => ({ method: 'GET', url: `/rest/collection/service_licence/${p.licenceId}` }),
    },
    {
      name: 'read the members',
      needed: 'viewer',
      request: (p) => ({ method: 'GET', url: `/rest/collection/project/${p.projectId}/member` }),
    },
    {
      name: 'rename the project',
      needed: 'editor',
      request: (p) => ({
        method: 'PATCH',
        url: `/rest/collection/project/${p.projectId}`,
        payload: { name: 'Renamed' },
      }),
    },
    {
      name: 'add a licence',
      needed: 'editor',
      request: (p) => ({
        method: 'PUT',
        url: `/rest/collection/project/${p.projectId}/service_licence/${otherServiceId}`,
      }),
    },
    {
      name: 'remove a licence',
      needed: 'editor',
      request: (p) => ({
        method: 'DELETE',
        url: `/rest/collection/project/${p.projectId}/service_licence/${p.licenceId}`,
      }),
    },
    {
      name: 'switch a licence off',
      needed: 'editor',
      request: (p) => ({
        method: 'PATCH',
        url: `/rest/collection/service_licence/${p.licenceId}`,
        payload: { online: false },
      }),
    },
    {
      name: "save a licence's settings",
      needed: 'editor',
      request: (p) => ({
        method: 'PATCH',
        url: `/rest/collection/service_licence/${p.licenceId}`,
        payload: { values: JSON.stringify({ colour: 'red' }) },
      }),
    },
    {
      name: 'invite someone',
      needed: 'owner',
      request: (p) => ({
        method: 'POST',
        url: `/rest/collection/project/${p.projectId}/member`,
        payload: { email: `guest-${p.projectId.toLowerCase()}@example.com`, role: 'viewer' },
      }),
    },
    {
      name: 'change the editor to viewer',
      needed: 'owner',
      request: (p) => ({
        method: 'PATCH',
        url: `/rest/collection/project/${p.projectId}/member/${actors.editor.id}`,
        payload: { role: 'viewer' },
      }),
    },
    {
      name: 'withdraw an invitation',
      needed: 'owner',
      request: (p) => ({
        method: 'DELETE',
        url: `/rest/collection/project/${p.projectId}/member/${invitee.id}`,
      }),
    },
    {
      name: 'delete the project',
      needed: 'owner',
      request: (p) => ({ method: 'DELETE', url: `/rest/collection/project/${p.projectId}` }),
    },
  ];

  it.each(ROUTES)(
    '$name: $needed or above; a lower role gets 403 and changes nothing, others 404',
    async (route) => {
      const whos: Who[] = ['stranger', 'admin', 'viewer', 'editor', 'owner'];
      for (const who of whos) {
        const outcome = expected(who, route.needed);
        // A fresh project for every call that may succeed and change it.
        const project = await sharedProject();
        const { method, url, payload } = route.request(project);
        const before = await snapshot(ctx.db);
        const res = await call(actors[who], method, url, payload);
        if (outcome === 'ok') {
          expect(res.statusCode, `${who} ${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(200);
          expect(res.statusCode, `${who} ${method} ${url}: ${res.body}`).toBeLessThan(300);
        } else {
          expect(res.statusCode, `${who} ${method} ${url}: ${res.body}`).toBe(outcome);
          expect(res.body).not.toContain('Shared shop');
          expect(await snapshot(ctx.db), `${who} ${method} ${url} changed data`).toBe(before);
        }
      }
    },
  );

  it('lists shared projects with the caller role and the owner, and never to others', async () => {
    const { projectId } = await sharedProject();
    for (const who of ['owner', 'editor', 'viewer'] as const) {
      const res = await call(actors[who], 'GET', `/rest/collection/person/${actors[who].id}/project`);
      const listed =
        res.json<Array<{ id: string; role: string; projectOwner: { oid: string; name: string } }>>();
      const project = listed.find((p) => p.id === projectId);
      expect(project?.role, who).toBe(who);
      expect(project?.projectOwner).toEqual({ oid: actors.owner.id, name: 'Olga Test' });
    }
    for (const who of ['stranger', 'admin'] as const) {
      const res = await call(actors[who], 'GET', `/rest/collection/person/${actors[who].id}/project`);
      expect(res.json<Array<{ id: string }>>().map((p) => p.id)).not.toContain(projectId);
    }
    const licence = await call(actors.viewer, 'GET', `/rest/collection/person/${actors.owner.id}/project`);
    expect(licence.statusCode).toBe(404);
  });

  it('invites an existing account: an invitation in the app and a mail in their language; accepting makes them a member', async () => {
    const projectId = await createProjectViaApi(ctx.app, actors.owner.token, actors.owner.id, {
      name: 'Mail shop',
    });
    const guest = await newActor('Gina');
    await ctx.db.updateTable('person').set({ language: 'en' }).where('id', '=', guest.id).execute();
    const res = await call(actors.owner, 'POST', `/rest/collection/project/${projectId}/member`, {
      email: guest.email.toUpperCase(),
      role: 'editor',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Array<{ person: { oid: string }; role: string; state: string }>>()).toContainEqual(
      expect.objectContaining({
        person: expect.objectContaining({ oid: guest.id }),
        role: 'editor',
        state: 'invited',
      }),
    );
    const mail = await nextMail(guest.email);
    expect(mail.text).toContain('Olga Test has invited you to the project "Mail shop"');
    expect(mail.text).toContain('as editor');
    expect(linkIn(mail, PUBLIC_URL)).toBe(`${PUBLIC_URL}/projects`);

    // Not a member before accepting.
    expect((await call(guest, 'GET', `/rest/collection/project/${projectId}`)).statusCode).toBe(404);
    const [invitation] = await invitationsOf(guest);
    expect(invitation).toMatchObject({
      project: { id: projectId, name: 'Mail shop', owner: 'Olga Test' },
      role: 'editor',
    });
    // Nobody else can answer it.
    for (const other of [actors.stranger, actors.owner, actors.admin]) {
      expect(
        (await call(other, 'POST', `/rest/collection/invitation/${invitation!.id}/accept`)).statusCode,
      ).toBe(404);
      expect(
        (await call(other, 'POST', `/rest/collection/invitation/${invitation!.id}/decline`)).statusCode,
      ).toBe(404);
    }
    expect(
      (await call(actors.stranger, 'GET', `/rest/collection/person/${guest.id}/invitation`)).statusCode,
    ).toBe(404);

    const accepted = await call(guest, 'POST', `/rest/collection/invitation/${invitation!.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<{ id: string; role: string }>()).toMatchObject({ id: projectId, role: 'editor' });
    expect(await invitationsOf(guest)).toEqual([]);
    expect(
      (await call(guest, 'POST', `/rest/collection/invitation/${invitation!.id}/accept`)).statusCode,
    ).toBe(404);
    const members = await call(guest, 'GET', `/rest/collection/project/${projectId}/member`);
    expect(
      members
        .json<Array<{ person: { oid: string }; role: string; state: string }>>()
        .map((m) => [m.person.oid, m.role, m.state]),
    ).toEqual([
      [actors.owner.id, 'owner', 'active'],
      [guest.id, 'editor', 'active'],
    ]);

    // The same address again, or the owner's own: refused.
    for (const email of [guest.email, actors.owner.email]) {
      const again = await call(actors.owner, 'POST', `/rest/collection/project/${projectId}/member`, {
        email,
        role: 'viewer',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ error: { code: string } }>().error.code).toBe('alreadyMember');
    }
  });

  it('invites an unknown address: the mail creates the account (sign-up closed), then the invitation waits for it', async () => {
    const projectId = await createProjectViaApi(ctx.app, actors.owner.token, actors.owner.id, {
      name: 'New shop',
    });
    const email = `new-${newId().toLowerCase()}@example.com`;
    const res = await call(actors.owner, 'POST', `/rest/collection/project/${projectId}/member`, {
      email,
      role: 'viewer',
    });
    expect(res.statusCode).toBe(201);
    const mail = await nextMail(email);
    // The inviter's language: the owner's account is German.
    expect(mail.text).toContain('Olga Test hat dich zum Projekt „New shop“ im Serviceportal eingeladen');
    const link = linkIn(mail, PUBLIC_URL);
    expect(link).toMatch(/\/reset-password\?token=/);
    const token = new URL(link).searchParams.get('token')!;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/rest/password/reset',
      payload: { token, password: 'a new passphrase 42' },
    });
    expect(reset.statusCode).toBe(200);
    const session = reset.json<{ token: string; oid: string }>();
    const invited: Actor = { id: session.oid, email, password: 'a new passphrase 42', token: session.token };
    const [invitation] = await invitationsOf(invited);
    expect(invitation).toMatchObject({ project: { id: projectId }, role: 'viewer' });
    expect(
      (await call(invited, 'POST', `/rest/collection/invitation/${invitation!.id}/decline`)).statusCode,
    ).toBe(204);
    expect(await invitationsOf(invited)).toEqual([]);
    expect((await call(invited, 'GET', `/rest/collection/project/${projectId}`)).statusCode).toBe(404);
    const members = await call(actors.owner, 'GET', `/rest/collection/project/${projectId}/member`);
    expect(members.json<unknown[]>()).toHaveLength(1);
  });

  it('hands the project over: the new owner may everything, the old owner stays as editor', async () => {
    const { projectId } = await sharedProject();
    // Only an active member can take over; the owner's own role does not change by PATCH.
    const stranger = await call(
      actors.owner,
      'PATCH',
      `/rest/collection/project/${projectId}/member/${actors.stranger.id}`,
      {
        role: 'owner',
      },
    );
    expect(stranger.statusCode).toBe(404);
    const self = await call(
      actors.owner,
      'PATCH',
      `/rest/collection/project/${projectId}/member/${actors.owner.id}`,
      {
        role: 'editor',
      },
    );
    expect(self.statusCode).toBe(409);

    const res = await call(
      actors.owner,
      'PATCH',
      `/rest/collection/project/${projectId}/member/${actors.editor.id}`,
      {
        role: 'owner',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(
      res.json<Array<{ person: { oid: string }; role: string }>>().map((m) => [m.person.oid, m.role]),
    ).toEqual([
      [actors.editor.id, 'owner'],
      [actors.viewer.id, 'viewer'],
      [actors.owner.id, 'editor'],
      [invitee.id, 'viewer'],
    ]);
    const seenByOld = await call(actors.owner, 'GET', `/rest/collection/project/${projectId}`);
    expect(seenByOld.json<{ role: string; projectOwner: { oid: string } }>()).toMatchObject({
      role: 'editor',
      projectOwner: { oid: actors.editor.id },
    });
    // The old owner may no longer delete or manage members; the new one may.
    expect((await call(actors.owner, 'DELETE', `/rest/collection/project/${projectId}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(actors.owner, 'DELETE', `/rest/collection/project/${projectId}/member/${actors.viewer.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(actors.owner, 'PATCH', `/rest/collection/project/${projectId}`, { name: 'Still editing' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(actors.editor, 'DELETE', `/rest/collection/project/${projectId}/member/${actors.owner.id}`))
        .statusCode,
    ).toBe(204);
    expect((await call(actors.owner, 'GET', `/rest/collection/project/${projectId}`)).statusCode).toBe(404);
    expect((await call(actors.editor, 'DELETE', `/rest/collection/project/${projectId}`)).statusCode).toBe(
      204,
    );
  });

  it('lets a member leave, but not the owner; a viewer cannot remove others', async () => {
    const { projectId } = await sharedProject();
    const before = await snapshot(ctx.db);
    const byViewer = await call(
      actors.viewer,
      'DELETE',
      `/rest/collection/project/${projectId}/member/${actors.editor.id}`,
    );
    expect(byViewer.statusCode).toBe(403);
    expect(await snapshot(ctx.db)).toBe(before);
    const ownerLeaves = await call(
      actors.owner,
      'DELETE',
      `/rest/collection/project/${projectId}/member/${actors.owner.id}`,
    );
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json<{ error: { code: string } }>().error.code).toBe('ownerStays');

    const leaves = await call(
      actors.viewer,
      'DELETE',
      `/rest/collection/project/${projectId}/member/${actors.viewer.id}`,
    );
    expect(leaves.statusCode).toBe(204);
    expect((await call(actors.viewer, 'GET', `/rest/collection/project/${projectId}`)).statusCode).toBe(404);
    const list = await call(actors.viewer, 'GET', `/rest/collection/person/${actors.viewer.id}/project`);
    expect(list.json<Array<{ id: string }>>().map((p) => p.id)).not.toContain(projectId);
    // Leaving again: not a member any more.
    expect(
      (
        await call(
          actors.viewer,
          'DELETE',
          `/rest/collection/project/${projectId}/member/${actors.viewer.id}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("refuses a viewer's writes: 403, and the project and licence stay as they were", async () => {
    const { projectId, licenceId } = await sharedProject();
    const before = await snapshot(ctx.db);
    const writes = [
      call(actors.viewer, 'PATCH', `/rest/collection/service_licence/${licenceId}`, { online: false }),
      call(actors.viewer, 'PATCH', `/rest/collection/project/${projectId}`, { description: 'changed' }),
      call(actors.viewer, 'DELETE', `/rest/collection/project/${projectId}/service_licence/${licenceId}`),
      call(actors.viewer, 'POST', `/rest/collection/project/${projectId}/member`, {
        email: 'x@example.com',
        role: 'editor',
      }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(403);
      expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
        code: 'forbidden',
        message: 'You are not allowed to do this.',
      });
    }
    expect(await snapshot(ctx.db)).toBe(before);
    const licence = await call(actors.viewer, 'GET', `/rest/collection/service_licence/${licenceId}`);
    expect(licence.json<{ online: boolean }>().online).toBe(true);
  });

  it('changes the role of a member and of a pending invitation', async () => {
    const { projectId } = await sharedProject();
    const guest = await newActor('Gustav');
    await call(actors.owner, 'POST', `/rest/collection/project/${projectId}/member`, {
      email: guest.email,
      role: 'viewer',
    });
    const up = await call(
      actors.owner,
      'PATCH',
      `/rest/collection/project/${projectId}/member/${actors.viewer.id}`,
      {
        role: 'editor',
      },
    );
    expect(up.statusCode).toBe(200);
    expect(
      (await call(actors.viewer, 'PATCH', `/rest/collection/project/${projectId}`, { name: 'Now editing' }))
        .statusCode,
    ).toBe(200);
    const invited = await call(
      actors.owner,
      'PATCH',
      `/rest/collection/project/${projectId}/member/${guest.id}`,
      {
        role: 'editor',
      },
    );
    expect(invited.json<Array<{ person: { oid: string }; role: string; state: string }>>()).toContainEqual(
      expect.objectContaining({
        person: expect.objectContaining({ oid: guest.id }),
        role: 'editor',
        state: 'invited',
      }),
    );
    // Withdrawn: the invitation is gone for the guest.
    expect(
      (await call(actors.owner, 'DELETE', `/rest/collection/project/${projectId}/member/${guest.id}`))
        .statusCode,
    ).toBe(204);
    expect((await invitationsOf(guest)).map((i) => i.project.id)).not.toContain(projectId);
  });

  it(`holds at most ${MEMBER_LIMITS.perProject} members and invitations per project`, async () => {
    const projectId = await createProjectViaApi(ctx.app, actors.owner.token, actors.owner.id, {
      name: 'Full shop',
    });
    const now = new Date().toISOString();
    for (let i = 0; i < MEMBER_LIMITS.perProject; i++) {
      const person = await ctx.db
        .insertInto('person')
        .values({
          id: newId(),
          email: `seat-${i}-${projectId.toLowerCase()}@example.com`,
          passwordHash: '',
          firstname: '',
          lastname: '',
          salutation: null,
          language: 'de',
          place: '',
          company: '',
          isAdmin: 0,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('projectInvitation')
        .values({
          id: newId(),
          projectId,
          personId: person.id,
          role: 'viewer',
          invitedBy: actors.owner.id,
          createdAt: now,
        })
        .execute();
    }
    const before = await snapshot(ctx.db);
    for (const email of [actors.stranger.email, `nobody-${projectId.toLowerCase()}@example.com`]) {
      const res = await call(actors.owner, 'POST', `/rest/collection/project/${projectId}/member`, {
        email,
        role: 'viewer',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('tooManyMembers');
    }
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('refuses a bad invitation body with field messages', async () => {
    const projectId = await createProjectViaApi(ctx.app, actors.owner.token, actors.owner.id);
    const res = await call(actors.owner, 'POST', `/rest/collection/project/${projectId}/member`, {
      email: 'not an address',
      role: 'owner',
    });
    expect(res.statusCode).toBe(400);
    expect(
      Object.keys(res.json<{ error: { fields: Record<string, string> } }>().error.fields).sort(),
    ).toEqual(['email', 'role']);
  });
});
