import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoDay } from '../src/lib/period.js';
import { addLicenceViaApi, bearer, buildTestApp, createProjectViaApi, createPerson, createService, form, login, snapshot, type TestContext } from './helper.js';

const INGEST = 'ingest-token-0123456789-0123456789-abcdef';

interface LicenceBody {
  id: string;
  online: boolean;
  licenceKey: string;
  jsServiceCode: string;
  serviceCodeBackend: string | null;
  calls: { from: string; to: string; total: number; callsPerDate: Record<string, number> };
  form: Array<{ fields: Array<{ id: string }> }> | null;
  formdata: Record<string, string>;
  service: { accounting: string };
  project: { name: string; owner: string };
}

describe('licences, settings and usage', () => {
  let ctx: TestContext;
  let token: string;
  let licenceId: string;
  let licenceKey: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ USAGE_INGEST_TOKEN: INGEST });
    const person = await createPerson(ctx.db, { firstname: 'Lea', lastname: 'Lang' });
    token = await login(ctx.app, person);
    const serviceId = await createService(ctx.db, {
      formJson: JSON.stringify([
        {
          id: 'main',
          label: { de: 'Allgemein', en: 'General' },
          fields: [
            { id: 'origins', name: { de: 'Erlaubte Origins', en: 'Allowed origins' }, fieldType: 'textarea' },
            { id: 'lang', name: { de: 'Sprache', en: 'Language' }, fieldType: 'text' },
          ],
        },
      ]),
    });
    const project = await ctx.app.inject({
      method: 'POST',
      url: '/rest/collection/project',
      headers: bearer(token),
      payload: { projectOwner: person.id, name: 'Shop', description: 'x' },
    });
    const added = await ctx.app.inject({
      method: 'PUT',
      url: `/rest/collection/project/${project.json<{ id: string }>().id}/service_licence/${serviceId}`,
      headers: bearer(token),
    });
    licenceId = added.json<{ licences: Array<{ id: string }> }>().licences[0]!.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (query = '') =>
    ctx.app.inject({ method: 'GET', url: `/rest/collection/service_licence/${licenceId}${query}`, headers: bearer(token) });

  it('shows the licence with its key rendered into the integration code and 90 days of calls', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const licence = res.json<LicenceBody>();
    licenceKey = licence.licenceKey;
    expect(licenceKey).toMatch(/^lk_[A-Za-z0-9_-]{20,}$/);
    expect(licence.jsServiceCode).toContain(`data-key="${licenceKey}"`);
    expect(licence.jsServiceCode).not.toContain('{{licenceKey}}');
    expect(Object.keys(licence.calls.callsPerDate)).toHaveLength(90);
    expect(licence.calls.to).toBe(isoDay(new Date()));
    expect(licence.project).toEqual({ id: expect.any(String), name: 'Shop', owner: 'Lea Lang', role: 'owner' });
    expect(licence.form?.[0]?.fields.map((f) => f.id)).toEqual(['origins', 'lang']);
  });

  it('takes usage from the ingest call idempotently and shows it per day', async () => {
    const today = isoDay(new Date());
    const yesterday = addDays(today, -1);
    const batch = {
      items: [
        { licenceKey, day: yesterday, count: 120 },
        { licenceKey, day: today, count: 30 },
        { licenceKey: 'lk_unknown', day: today, count: 5 },
      ],
    };
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/rest/usage/ingest',
        headers: { authorization: `Bearer ${INGEST}` },
        payload: batch,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accepted: 2, unknownKeys: ['lk_unknown'] });
    }
    const licence = (await get()).json<LicenceBody>();
    expect(licence.calls.callsPerDate[yesterday]).toBe(120);
    expect(licence.calls.callsPerDate[today]).toBe(30);
    expect(licence.calls.total).toBe(150);
    const period = (await get(`?from=${yesterday}&to=${yesterday}`)).json<LicenceBody>();
    expect(period.calls).toEqual({ from: yesterday, to: yesterday, total: 120, callsPerDate: { [yesterday]: 120 } });
  });

  it('rejects impossible periods', async () => {
    expect((await get('?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await get('?from=2026-03-02&to=2026-03-01')).statusCode).toBe(400);
    expect((await get('?from=yesterday')).statusCode).toBe(400);
  });

  it('switches offline and online with form-encoded booleans', async () => {
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/service_licence/${licenceId}`,
      ...form('online=false'),
      headers: { ...form('').headers, ...bearer(token) },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<LicenceBody>().online).toBe(false);
    const on = await ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/service_licence/${licenceId}`,
      headers: bearer(token),
      payload: { online: true },
    });
    expect(on.json<LicenceBody>().online).toBe(true);
  });

  it('saves the settings form and refuses unknown fields or non-JSON without changing anything', async () => {
    const values = JSON.stringify({ origins: 'https://shop.example.com', lang: 'de' });
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/service_licence/${licenceId}`,
      ...form(`values=${encodeURIComponent(values)}`),
      headers: { ...form('').headers, ...bearer(token) },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<LicenceBody>().formdata).toEqual({ origins: 'https://shop.example.com', lang: 'de' });

    const before = await snapshot(ctx.db);
    for (const bad of ['{"evil":"x"}', 'not json', '[]', '{"lang":5}', '']) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/rest/collection/service_licence/${licenceId}`,
        headers: bearer(token),
        payload: { values: bad },
      });
      expect(res.statusCode, bad).toBe(400);
    }
    const neither = await ctx.app.inject({ method: 'PATCH', url: `/rest/collection/service_licence/${licenceId}`, headers: bearer(token), payload: {} });
    expect(neither.statusCode).toBe(400);
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('validates ingest batches', async () => {
    const send = (payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/rest/usage/ingest', headers: { authorization: `Bearer ${INGEST}` }, payload: payload as object });
    expect((await send({ items: [] })).statusCode).toBe(400);
    expect((await send({ items: [{ licenceKey, day: '2026-13-01', count: 1 }] })).statusCode).toBe(400);
    expect((await send({ items: [{ licenceKey, day: '2026-02-30', count: 1 }] })).statusCode).toBe(400);
    expect((await send({ items: [{ licenceKey, day: '2026-01-01', count: -1 }] })).statusCode).toBe(400);
    const wrongToken = await ctx.app.inject({
      method: 'POST',
      url: '/rest/usage/ingest',
      headers: { authorization: `Bearer ${INGEST}x` },
      payload: { items: [{ licenceKey, day: '2026-01-01', count: 1 }] },
    });
    expect(wrongToken.statusCode).toBe(401);
  });
});

describe('licence check for the provider services', () => {
  let ctx: TestContext;
  let token: string;
  let licenceKey: string;
  let licenceId: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ USAGE_INGEST_TOKEN: INGEST });
    const person = await createPerson(ctx.db);
    token = await login(ctx.app, person);
    const serviceId = await createService(ctx.db);
    const projectId = await createProjectViaApi(ctx.app, token, person.id, {
      domainsProduction: ['shop.example.com', '*.cdn.example.com'],
      domainsSandbox: ['localhost:8080'],
    });
    licenceId = await addLicenceViaApi(ctx.app, token, projectId, serviceId);
    licenceKey = (await ctx.app.inject({ method: 'GET', url: `/rest/collection/service_licence/${licenceId}`, headers: bearer(token) })).json<LicenceBody>().licenceKey;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const check = (body: object) =>
    ctx.app.inject({ method: 'POST', url: '/rest/usage/licence-check', headers: { authorization: `Bearer ${INGEST}` }, payload: body });

  it('tells which of the project domains a host belongs to', async () => {
    expect((await check({ licenceKey, host: 'SHOP.example.com' })).json()).toMatchObject({ valid: true, environment: 'production' });
    expect((await check({ licenceKey, host: 'img.cdn.example.com' })).json()).toMatchObject({ valid: true, environment: 'production' });
    expect((await check({ licenceKey, host: 'localhost:8080' })).json()).toMatchObject({ valid: true, environment: 'sandbox' });
    expect((await check({ licenceKey, host: 'evil.example.org' })).json()).toMatchObject({ valid: false, environment: null });
    expect((await check({ licenceKey })).json()).toMatchObject({ valid: true, environment: null });
  });

  it('answers not valid for unknown keys and switched-off licences', async () => {
    expect((await check({ licenceKey: 'lk_nope' })).json()).toEqual({ valid: false, serviceId: null, environment: null });
    await ctx.app.inject({ method: 'PATCH', url: `/rest/collection/service_licence/${licenceId}`, headers: bearer(token), payload: { online: false } });
    expect((await check({ licenceKey, host: 'shop.example.com' })).json()).toMatchObject({ valid: false });
  });

  it('is only for the provider services', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/rest/usage/licence-check', headers: bearer(token), payload: { licenceKey } });
    expect(res.statusCode).toBe(401);
  });
});
