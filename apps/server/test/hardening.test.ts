import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS } from '@portal/contract/image';
import { markMailAttemptFailed, markMailSent } from '../src/modules/mail/outbox.repository.js';
import { queueMail } from '../src/modules/mail/outbox.service.js';
import {
  addLicenceViaApi,
  basicAuth,
  bearer,
  buildTestApp,
  createPerson,
  createProjectViaApi,
  createService,
  login,
  multipart,
  png,
  snapshot,
  type TestContext,
} from './helper.js';

// Regression tests for what an attack review found: each failed before its fix.
// The wider proofs (load, crashes, fuzzing, access matrix) are the reliability suite.

type ErrorJson = { error: { code: string; fields?: Record<string, string> } };

async function createProjectWithLicence(ctx: TestContext, token: string, ownerId: string, serviceId: string) {
  const projectId = await createProjectViaApi(ctx.app, token, ownerId);
  return { projectId, licenceId: await addLicenceViaApi(ctx.app, token, projectId, serviceId) };
}

describe('dates are real days in a bounded range', () => {
  let ctx: TestContext;
  let token: string;
  let adminToken: string;
  let licenceId: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    const owner = await createPerson(ctx.db);
    const admin = await createPerson(ctx.db, { isAdmin: 1 });
    token = await login(ctx.app, owner);
    adminToken = await login(ctx.app, admin);
    ({ licenceId } = await createProjectWithLicence(ctx, token, owner.id, await createService(ctx.db)));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('refuses far-future, far-past and impossible days on the licence page (a 9999 period used to hang the server)', async () => {
    for (const [from, to] of [
      ['9999-12-31', '9999-12-31'],
      ['2101-01-01', '2101-01-02'],
      ['1999-12-31', '2000-01-01'],
      ['2026-02-30', '2026-03-01'],
      ['+10000-01-01', '+10000-01-02'],
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/rest/collection/service_licence/${licenceId}?from=${from}&to=${to}`,
        headers: { ...bearer(token), 'content-language': 'en' },
      });
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json<ErrorJson>().error.code).toBe('validation');
    }
    const edge = await ctx.app.inject({
      method: 'GET',
      url: `/rest/collection/service_licence/${licenceId}?from=2100-12-01&to=2100-12-31`,
      headers: bearer(token),
    });
    expect(edge.statusCode).toBe(200);
    expect(Object.keys(edge.json<{ calls: { callsPerDate: object } }>().calls.callsPerDate)).toHaveLength(31);
  });

  it('answers the admin report for December 9999 with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/admin/projects?from=9999-12-01&to=9999-12-31',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorJson>().error.fields ?? {})).toContain('from');
  });

  it('reports twelve months for a year and spans the turn of a century bound', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/admin/projects?from=2099-12-15&to=2100-12-31',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('text fields refuse control characters and broken Unicode on every dialect', () => {
  let ctx: TestContext;
  let token: string;
  let person: { id: string; email: string; password: string };
  beforeAll(async () => {
    ctx = await buildTestApp();
    person = await createPerson(ctx.db);
    token = await login(ctx.app, person);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const bad = ['Erika\u0000', 'Er\u0007ika', 'Erika\uD800', '\uDC00Erika', 'Eri\u001Bka'];

  it('refuses them in person, project and contact fields with 400 naming the field, and stores nothing', async () => {
    const before = await snapshot(ctx.db);
    for (const value of bad) {
      const patch = await ctx.app.inject({
        method: 'PATCH',
        url: `/rest/collection/person/${person.id}`,
        headers: { ...bearer(token), 'content-language': 'en' },
        payload: { firstname: value },
      });
      expect(patch.statusCode, JSON.stringify(value)).toBe(400);
      expect(patch.json<ErrorJson>().error.fields?.firstname).toBe('Invalid value');

      const project = await ctx.app.inject({
        method: 'POST',
        url: '/rest/collection/project',
        headers: bearer(token),
        payload: { projectOwner: person.id, name: 'Shop', description: value },
      });
      expect(project.statusCode).toBe(400);
      expect(Object.keys(project.json<ErrorJson>().error.fields ?? {})).toEqual(['description']);

      const contact = await ctx.app.inject({
        method: 'POST',
        url: '/rest/collection/contactform/send',
        payload: { firstname: value, subname: 'Muster', email: 'a@example.com', terms: true },
      });
      expect(contact.statusCode).toBe(400);
    }
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('keeps line breaks and tabs in multi-line fields, and emoji (surrogate pairs) anywhere', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/collection/project',
      headers: bearer(token),
      payload: { projectOwner: person.id, name: 'Shop 🛒', description: 'Zeile 1\r\nZeile\t2' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ name: string; description: string }>()).toMatchObject({ name: 'Shop 🛒', description: 'Zeile 1\r\nZeile\t2' });
  });

  it('refuses NUL in Basic credentials with 400 naming the field', async () => {
    const email = await ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      headers: { authorization: basicAuth(`${person.email}\u0000`, person.password) },
    });
    expect(email.statusCode).toBe(400);
    expect(Object.keys(email.json<ErrorJson>().error.fields ?? {})).toEqual(['email']);
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      headers: { authorization: basicAuth(person.email, 'pass\u0000word') },
    });
    expect(password.statusCode).toBe(400);
    expect(Object.keys(password.json<ErrorJson>().error.fields ?? {})).toEqual(['password']);
  });
});

describe('licence settings refuse prototype keys', () => {
  let ctx: TestContext;
  let token: string;
  let licenceId: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    const owner = await createPerson(ctx.db);
    token = await login(ctx.app, owner);
    const serviceId = await createService(ctx.db, {
      formJson: JSON.stringify([
        { id: 's', label: { de: 'A', en: 'A' }, fields: [{ id: 'origins', name: { de: 'F', en: 'F' }, fieldType: 'text' }] },
      ]),
    });
    ({ licenceId } = await createProjectWithLicence(ctx, token, owner.id, serviceId));
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/service_licence/${licenceId}`,
      headers: bearer(token),
      payload: { values: JSON.stringify({ origins: 'https://shop.example.com' }) },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 400 for __proto__, constructor and prototype and keeps the saved settings', async () => {
    const before = await snapshot(ctx.db);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/rest/collection/service_licence/${licenceId}`,
        headers: bearer(token),
        payload: { values: `{"${key}":{"origins":"x"}}` },
      });
      expect(res.statusCode, key).toBe(400);
    }
    expect(await snapshot(ctx.db)).toBe(before);
    const licence = await ctx.app.inject({ method: 'GET', url: `/rest/collection/service_licence/${licenceId}`, headers: bearer(token) });
    expect(licence.json<{ formdata: object }>().formdata).toEqual({ origins: 'https://shop.example.com' });
  });
});

describe('writes that race each other', () => {
  let ctx: TestContext;
  let token: string;
  let ownerId: string;
  let serviceId: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    const owner = await createPerson(ctx.db);
    ownerId = owner.id;
    token = await login(ctx.app, owner);
    serviceId = await createService(ctx.db, { monthlyFee: 1000 });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('counts the avatar version up once per upload, also for parallel uploads', async () => {
    const image = await png(8, 8, '#336699');
    const upload = () => {
      const body = multipart('avatar', 'a.png', 'image/png', image);
      return ctx.app.inject({
        method: 'POST',
        url: `/rest/collection/person/${ownerId}/avatar`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
    };
    // More uploads at once than the image jobs' turns and queue hold: the rest are told to come
    // back (503 with Retry-After, docs/security.md#uploads), and each stored one counts once.
    const answers = await Promise.all(Array.from({ length: 10 }, upload));
    const stored = answers.filter((a) => a.statusCode === 200).length;
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(stored + refused.length).toBe(10);
    expect(stored).toBeGreaterThanOrEqual(IMAGE_LIMITS.concurrentJobs);
    for (const answer of refused) expect(answer.headers['retry-after']).toBeDefined();
    const row = await ctx.db.selectFrom('person').select('avatarVersion').where('id', '=', ownerId).executeTakeFirstOrThrow();
    expect(row.avatarVersion).toBe(stored);
  });

  it('answers a multipart upload without a boundary or with a broken body with 400, not 500', async () => {
    for (const [contentType, payload] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\n'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/rest/collection/person/${ownerId}/avatar`,
        headers: { ...bearer(token), 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, contentType).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, contentType).toBeLessThan(500);
    }
  });

  it('never leaves a live licence in a deleted project, whatever order delete, add and rename take', async () => {
    for (let round = 0; round < 10; round++) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/rest/collection/project',
        headers: bearer(token),
        payload: { projectOwner: ownerId, name: `Race ${round}`, description: 'x' },
      });
      const projectId = created.json<{ id: string }>().id;
      const calls = [
        ctx.app.inject({ method: 'DELETE', url: `/rest/collection/project/${projectId}`, headers: bearer(token) }),
        ctx.app.inject({ method: 'PUT', url: `/rest/collection/project/${projectId}/service_licence/${serviceId}`, headers: bearer(token) }),
        ctx.app.inject({ method: 'PATCH', url: `/rest/collection/project/${projectId}`, headers: bearer(token), payload: { name: 'Neu' } }),
      ];
      // Vary who starts first.
      const answers = await Promise.all(round % 2 === 0 ? calls : calls.reverse());
      for (const answer of answers) expect(answer.statusCode).toBeLessThan(500);
      const live = await ctx.db
        .selectFrom('serviceLicence')
        .innerJoin('project', 'project.id', 'serviceLicence.projectId')
        .select('serviceLicence.id')
        .where('project.id', '=', projectId)
        .where('project.deletedAt', 'is not', null)
        .where('serviceLicence.deletedAt', 'is', null)
        .execute();
      expect(live, `round ${round}`).toEqual([]);
    }
  });

  it('bills no month after a project was deleted, even for a licence left live in it', async () => {
    const admin = await createPerson(ctx.db, { isAdmin: 1 });
    const adminToken = await login(ctx.app, admin);
    const { projectId, licenceId } = await createProjectWithLicence(ctx, token, ownerId, serviceId);
    // As the race used to leave it: the project deleted in January, its licence still live.
    await ctx.db.updateTable('serviceLicence').set({ createdAt: '2026-01-10T00:00:00.000Z' }).where('id', '=', licenceId).execute();
    await ctx.db
      .updateTable('project')
      .set({ createdAt: '2026-01-01T00:00:00.000Z', deletedAt: '2026-01-20T00:00:00.000Z' })
      .where('id', '=', projectId)
      .execute();
    const report = async (from: string, to: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/rest/collection/admin/projects?from=${from}&to=${to}`,
        headers: bearer(adminToken),
      });
      return res.json<{ projects: Array<{ id: string; monthly: number }> }>().projects.find((p) => p.id === projectId);
    };
    expect((await report('2026-01-01', '2026-01-31'))?.monthly).toBe(10);
    expect(await report('2026-02-01', '2026-02-28')).toBeUndefined();
  });
});

describe('mails with sign-in links', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('keeps no body once a mail is sent or given up, so no live link stays readable in the database', async () => {
    for (const outcome of ['sent', 'failed'] as const) {
      const to = `${outcome}@example.com`;
      await queueMail(ctx.db, {
        kind: 'passwordReset',
        to,
        language: 'de',
        content: { subject: 'Passwort', text: 'https://portal.example/reset-password?token=secret', html: '<a>secret</a>' },
      }, ctx.app.clock.now());
      const { id } = await ctx.db.selectFrom('mailOutbox').select('id').where('toAddress', '=', to).executeTakeFirstOrThrow();
      if (outcome === 'sent') await markMailSent(ctx.db, id, new Date().toISOString());
      else await markMailAttemptFailed(ctx.db, id, { state: 'failed', lastError: 'refused', nextAttemptAt: new Date().toISOString() });
      const row = await ctx.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: outcome, subject: 'Passwort', textBody: '', htmlBody: '' });
    }
  });
});
