import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminService, AdminServiceList } from '@portal/contract/admin-service';
import { GALLERY_WIDTHS } from '../src/modules/catalogue/catalogue-images.js';
import {
  addLicenceViaApi,
  bearer,
  buildTestApp,
  createPerson,
  createProjectViaApi,
  login,
  multipartParts,
  png,
  type MultipartPart,
  snapshot,
  type TestContext,
} from './helper.js';

// The admin console's services (docs/admin.md#services): the shape GET answers is the one
// POST/PATCH take, HTML is cleaned on write, uploads are re-encoded, retiring hides a service
// but keeps its licences billed, visitors see a change at once, every write is audited, and
// nobody but an admin gets in.

const base = '/rest/collection/admin/service';

function newService(id: string): Omit<AdminService, 'gallery' | 'logo' | 'thumbnail' | 'retired'> {
  return {
    id,
    category: 'captcha',
    name: { de: `Prüfdienst ${id}`, en: `Check service ${id}` },
    descriptionShort: { de: 'Kurz und gut', en: 'Short and good' },
    description: { de: '<p>Ein <strong>Dienst</strong></p>', en: '<p>A <em>service</em></p>' },
    accounting: 'request',
    pricePer1000CallsCents: 250,
    monthlyFeeCents: 1900,
    singlePaymentCents: 0,
    demoHref: 'https://demo.example.com/',
    dataCopyright: 'Beispiel GmbH',
    dataLastUpdate: '2026-01-15',
    integrationCode: {
      type: 'javascript',
      template: '<script src="https://api.example.com/w.js" data-key="{{licenceKey}}"></script>',
      backendTemplate: '<?php $key = "{{licenceKey}}";',
    },
    settingsForm: [
      {
        id: 'general',
        label: { de: 'Allgemein', en: 'General' },
        fields: [
          { id: 'title', name: { de: 'Titel', en: 'Title' }, fieldType: 'text' },
          { id: 'notes', name: { de: 'Notizen', en: 'Notes' }, fieldType: 'textarea' },
        ],
      },
    ],
  };
}

describe('admin services', () => {
  let ctx: TestContext;
  let admin: { id: string; email: string };
  let adminToken: string;
  let customerToken: string;
  let customerId: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const a = await createPerson(ctx.db, { isAdmin: 1 });
    admin = a;
    adminToken = await login(ctx.app, a);
    const c = await createPerson(ctx.db);
    customerId = c.id;
    customerToken = await login(ctx.app, c);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const asAdmin = (headers: Record<string, string> = {}) => ({ ...bearer(adminToken), ...headers });
  const create = async (id: string, extra: Partial<AdminService> = {}) => {
    const res = await ctx.app.inject({ method: 'POST', url: base, headers: asAdmin(), payload: { ...newService(id), ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminService>();
  };
  const auditOf = (objectId: string) =>
    ctx.db.selectFrom('auditLog').selectAll().where('objectId', '=', objectId).orderBy('at').orderBy('id').execute();
  const catalogue = async (language: 'de' | 'en' = 'de') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/service?orderby=name',
      headers: { 'content-language': language },
    });
    return res.json<Array<{ id: string; name: { de: string; en: string } }>>();
  };

  it('creates a service whose GET is exactly the body POST and PATCH accept', async () => {
    const created = await create('roundTrip');
    expect(created).toMatchObject({ ...newService('roundTrip'), gallery: [], logo: null, retired: false });
    const read = await ctx.app.inject({ method: 'GET', url: `${base}/roundTrip`, headers: asAdmin() });
    expect(read.statusCode).toBe(200);
    const body = read.json<AdminService>();
    expect(body).toEqual(created);

    // Sent back unchanged: accepted, and nothing changes.
    const same = await ctx.app.inject({ method: 'PATCH', url: `${base}/roundTrip`, headers: asAdmin(), payload: body });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(body);

    // One field changed in the object read: only it changes.
    const changed = { ...body, name: { de: 'Neuer Name', en: 'New name' }, monthlyFeeCents: 2500 };
    const patched = await ctx.app.inject({ method: 'PATCH', url: `${base}/roundTrip`, headers: asAdmin(), payload: changed });
    expect(patched.json()).toEqual(changed);
    const again = await ctx.app.inject({ method: 'GET', url: `${base}/roundTrip`, headers: asAdmin() });
    expect(again.json()).toEqual(changed);

    // An empty settings form means none: the licence page shows no settings then.
    const noForm = await ctx.app.inject({
      method: 'PATCH',
      url: `${base}/roundTrip`,
      headers: asAdmin(),
      payload: { settingsForm: [] },
    });
    expect(noForm.json<AdminService>().settingsForm).toEqual([]);
    const row = await ctx.db.selectFrom('service').select('formJson').where('id', '=', 'roundTrip').executeTakeFirstOrThrow();
    expect(row.formJson).toBeNull();
  });

  it('refuses a bad body in the admin language, changing nothing', async () => {
    await create('strict');
    const before = await snapshot(ctx.db);
    const cases: Array<Record<string, unknown>> = [
      { id: 'other' }, // the id cannot change
      { pricePer1000CallsCents: -1 },
      { monthlyFeeCents: 1.5 },
      { name: { de: '', en: 'x' } },
      { name: { de: 'x'.repeat(101), en: 'x' } },
      { demoHref: 'javascript:alert(1)' },
      { logo: '/rest/media/doesNotExist' },
      { settingsForm: [{ id: 'a', label: { de: 'A', en: 'A' }, fields: [] }, { id: 'a', label: { de: 'B', en: 'B' }, fields: [] }] },
      { unknownField: 1 },
      { gallery: [{ id: 'nope', name: { de: '', en: '' }, preview: '/rest/media/x' }] },
    ];
    for (const payload of cases) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `${base}/strict`,
        headers: asAdmin({ 'content-language': 'en' }),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = res.json<{ error: { code: string; message: string } }>().error;
      expect(error.code).toBe('validation');
      expect(error.message).toBe('The input is not valid.');
      expect(res.body).not.toMatch(/at .*\.ts|select |insert /i);
    }
    // A second service with a taken id.
    const taken = await ctx.app.inject({ method: 'POST', url: base, headers: asAdmin(), payload: newService('strict') });
    expect(taken.statusCode).toBe(409);
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('cleans the description HTML on write', async () => {
    const hostile = {
      de: '<p onclick="steal()">Hallo<script>alert(1)</script></p><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe>',
      en: '<p style="position:fixed">Hi</p><a href="https://example.com/">link</a><form><input name="pw"></form>',
    };
    const created = await create('clean', { description: hostile });
    for (const html of [created.description.de, created.description.en]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img|<form|<input|style=/i);
    }
    expect(created.description.de).toContain('<p>Hallo</p>');
    expect(created.description.en).toContain('<a href="https://example.com/" rel="noopener noreferrer">link</a>');
    // The stored row and the public page hold the cleaned text, too.
    const row = await ctx.db.selectFrom('service').select(['descriptionDe']).where('id', '=', 'clean').executeTakeFirstOrThrow();
    expect(row.descriptionDe).toBe(created.description.de);
    const publicOne = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/clean' });
    expect(publicOne.json<{ description: { de: string } }>().description.de).toBe(created.description.de);
  });

  it('re-encodes an uploaded gallery image into the lightbox widths, orders and deletes them', async () => {
    await create('gallery');
    const send = async (width: number, nameDe: string) => {
      const body = multipartParts([
        { name: 'nameDe', value: nameDe },
        { name: 'nameEn', value: `${nameDe} (en)` },
        { name: 'file', filename: 'shot.png', type: 'image/png', bytes: await png(width, Math.round(width / 2)) },
      ]);
      return ctx.app.inject({ method: 'POST', url: `${base}/gallery/gallery`, headers: asAdmin(body.headers), payload: body.payload });
    };
    const first = await send(1600, 'Erstes');
    expect(first.statusCode, first.body).toBe(201);
    const second = await send(500, 'Zweites');
    expect(second.statusCode).toBe(201);
    const service = second.json<AdminService>();
    expect(service.gallery.map((g) => g.name.de)).toEqual(['Erstes', 'Zweites']);

    // The public service shows it at the lightbox widths, as WebP.
    const publicOne = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/gallery' });
    const item = publicOne.json<{ gallery: Array<{ key: string; sizes: Record<string, string> }> }>().gallery[0]!;
    for (const [size, width] of Object.entries(GALLERY_WIDTHS)) {
      const image = await ctx.app.inject({ method: 'GET', url: item.sizes[size]! });
      expect(image.headers['content-type']).toBe('image/webp');
      expect((await sharp(image.rawPayload).metadata()).width).toBe(width);
    }

    // Move the second to the front, rename it, then delete the first.
    const [a, b] = service.gallery;
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `${base}/gallery/gallery/${b!.id}`,
      headers: asAdmin(),
      payload: { position: 0, name: { de: 'Vorn', en: 'Front' } },
    });
    expect(moved.json<AdminService>().gallery.map((g) => g.name.de)).toEqual(['Vorn', 'Erstes']);
    // Reordering through the object's own gallery list works as well.
    const reordered = await ctx.app.inject({
      method: 'PATCH',
      url: `${base}/gallery`,
      headers: asAdmin(),
      payload: { gallery: [...moved.json<AdminService>().gallery].reverse() },
    });
    expect(reordered.json<AdminService>().gallery.map((g) => g.id)).toEqual([a!.id, b!.id]);
    const mediaBefore = await ctx.db.selectFrom('media').select('id').execute();
    const removed = await ctx.app.inject({ method: 'DELETE', url: `${base}/gallery/gallery/${a!.id}`, headers: asAdmin() });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<AdminService>().gallery.map((g) => g.id)).toEqual([b!.id]);
    // Its five sizes are gone from the media table, so the old URLs answer 404.
    const mediaAfter = await ctx.db.selectFrom('media').select('id').execute();
    expect(mediaBefore.length - mediaAfter.length).toBe(5);
    const gone = await ctx.app.inject({ method: 'GET', url: item.sizes.xlg! });
    expect(gone.statusCode).toBe(404);
    // Another service's image id is not found here.
    const foreign = await ctx.app.inject({ method: 'DELETE', url: `${base}/roundTrip/gallery/${b!.id}`, headers: asAdmin() });
    expect(foreign.statusCode).toBe(404);
  });

  it('sets a logo by upload, and refuses non-images, disguised files and oversized uploads', async () => {
    await create('logos');
    const send = (parts: MultipartPart[]) => {
      const body = multipartParts(parts);
      return ctx.app.inject({ method: 'POST', url: `${base}/logos/gallery`, headers: asAdmin(body.headers), payload: body.payload });
    };
    const logo = await send([
      { name: 'slot', value: 'logo' },
      { name: 'file', filename: 'logo.png', type: 'image/png', bytes: await png(600, 600) },
    ]);
    expect(logo.statusCode, logo.body).toBe(201);
    const url = logo.json<AdminService>().logo!;
    const image = await ctx.app.inject({ method: 'GET', url });
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(256);

    const before = await snapshot(ctx.db);
    const mediaCount = (await ctx.db.selectFrom('media').select('id').execute()).length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
    const refused: Array<[MultipartPart[], number]> = [
      [[{ name: 'file', filename: 'x.svg', type: 'image/svg+xml', bytes: svg }], 415],
      [[{ name: 'file', filename: 'x.png', type: 'image/png', bytes: Buffer.from('<html>not a picture</html>') }], 415],
      // PNG magic bytes, then garbage: decoding fails.
      [[{ name: 'file', filename: 'x.png', type: 'image/png', bytes: Buffer.concat([(await png(10, 10)).subarray(0, 40), randomBytes(200)]) }], 415],
      [[{ name: 'file', filename: 'big.png', type: 'image/png', bytes: Buffer.alloc(9 * 1024 * 1024, 1) }], 413],
      [[{ name: 'slot', value: 'banner' }, { name: 'file', filename: 'x.png', type: 'image/png', bytes: await png(10, 10) }], 400],
      [[{ name: 'nameDe', value: 'ohne Datei' }], 400],
    ];
    for (const [parts, status] of refused) {
      const res = await send(parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).not.toMatch(/sharp|vips|at .*\.ts/i);
    }
    expect(await snapshot(ctx.db)).toBe(before);
    expect((await ctx.db.selectFrom('media').select('id').execute()).length).toBe(mediaCount);
  });

  it('shows a change in the public catalogue at once, in both languages', async () => {
    // Read first, so the answers are cached.
    expect((await catalogue('de')).some((s) => s.id === 'fresh')).toBe(false);
    expect((await catalogue('en')).some((s) => s.id === 'fresh')).toBe(false);
    await create('fresh');
    expect((await catalogue('de')).find((s) => s.id === 'fresh')?.name.de).toBe('Prüfdienst fresh');
    expect((await catalogue('en')).find((s) => s.id === 'fresh')?.name.en).toBe('Check service fresh');
    const one = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/fresh' });
    expect(one.json<{ monthlyFee: number }>().monthlyFee).toBe(19);
    await ctx.app.inject({ method: 'PATCH', url: `${base}/fresh`, headers: asAdmin(), payload: { monthlyFeeCents: 2990 } });
    const after = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/fresh' });
    expect(after.json<{ monthlyFee: number }>().monthlyFee).toBe(29.9);
  });

  it('retires a service: gone from the catalogue and from adding, its licences keep working and billing', async () => {
    await create('retiring', { accounting: 'request', pricePer1000CallsCents: 1000, monthlyFeeCents: 500 });
    const projectId = await createProjectViaApi(ctx.app, customerToken, customerId);
    const licenceId = await addLicenceViaApi(ctx.app, customerToken, projectId, 'retiring');
    const today = new Date().toISOString().slice(0, 10);
    // Calls as the usage feed stores them (absolute count per licence and day).
    const ingest = async (count: number) => {
      await ctx.db.deleteFrom('usageDaily').where('licenceId', '=', licenceId).execute();
      await ctx.db.insertInto('usageDaily').values({ licenceId, day: today, count }).execute();
    };
    await ingest(1000);
    const report = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/rest/collection/admin/projects', headers: asAdmin() });
      return res.json<{ projects: Array<{ id: string; calls: number; price_api: number; monthly: number }> }>().projects.find((p) => p.id === projectId);
    };
    const billedBefore = await report();
    expect(billedBefore).toMatchObject({ calls: 1000, price_api: 10, monthly: 5 });

    const retired = await ctx.app.inject({ method: 'DELETE', url: `${base}/retiring`, headers: asAdmin() });
    expect(retired.statusCode).toBe(204);
    expect((await catalogue()).some((s) => s.id === 'retiring')).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/retiring' })).statusCode).toBe(404);
    // Nobody can add it to a project any more.
    const otherProject = await createProjectViaApi(ctx.app, customerToken, customerId, { name: 'Zweites' });
    const add = await ctx.app.inject({
      method: 'PUT',
      url: `/rest/collection/project/${otherProject}/service_licence/retiring`,
      headers: bearer(customerToken),
    });
    expect(add.statusCode).toBe(404);

    // The licence still counts calls, is still shown to its customer and still billed.
    await ingest(3000);
    const licence = await ctx.app.inject({ method: 'GET', url: `/rest/collection/service_licence/${licenceId}`, headers: bearer(customerToken) });
    expect(licence.statusCode).toBe(200);
    expect(await report()).toMatchObject({ calls: 3000, price_api: 30, monthly: 5 });

    // The admin still reads it, marked retired, and can bring it back.
    const read = await ctx.app.inject({ method: 'GET', url: `${base}/retiring`, headers: asAdmin() });
    expect(read.json<AdminService>().retired).toBe(true);
    const list = await ctx.app.inject({ method: 'GET', url: `${base}?q=retiring`, headers: asAdmin() });
    expect(list.json<AdminServiceList>().items).toMatchObject([{ id: 'retiring', retired: true, licences: 1 }]);
    const back = await ctx.app.inject({ method: 'PATCH', url: `${base}/retiring`, headers: asAdmin(), payload: { retired: false } });
    expect(back.json<AdminService>().retired).toBe(false);
    expect((await catalogue()).some((s) => s.id === 'retiring')).toBe(true);
  });

  it('writes an audit entry with before and after in the transaction of each write', async () => {
    const entries = await auditOf('roundTrip');
    // The PATCH that sent the object back unchanged left no entry.
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorId: admin.id, actorEmail: admin.email, objectType: 'service' });
      expect(entry.requestId).not.toBe('');
    }
    expect(entries[0]!.beforeJson).toBeNull();
    const renamed = entries[1]!;
    expect((JSON.parse(renamed.beforeJson!) as AdminService).name.de).toBe('Prüfdienst roundTrip');
    expect((JSON.parse(renamed.afterJson!) as AdminService).name.de).toBe('Neuer Name');
    expect((await auditOf('gallery')).map((e) => e.action)).toEqual([
      'create',
      'add-image',
      'add-image',
      'update-image',
      'update',
      'delete-image',
    ]);
    expect((await auditOf('retiring')).map((e) => e.action)).toEqual(['create', 'retire', 'update']);
    // Refused writes left nothing in the log.
    expect((await auditOf('strict')).map((e) => e.action)).toEqual(['create']);
    expect((await auditOf('logos')).map((e) => e.action)).toEqual(['create', 'set-logo']);
  });

  it('lists services paged and searchable', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `${base}?page=1&pageSize=2`, headers: asAdmin() });
    const body = page.json<AdminServiceList>();
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(7);
    const found = await ctx.app.inject({ method: 'GET', url: `${base}?q=${encodeURIComponent('prüfdienst gal')}`, headers: asAdmin() });
    expect(found.json<AdminServiceList>().items.map((s) => s.id)).toEqual(['gallery']);
  });

  it('answers 403 to a customer and 401 to a visitor on every admin service route, changing nothing', async () => {
    const before = await snapshot(ctx.db);
    const auditBefore = (await ctx.db.selectFrom('auditLog').select('id').execute()).length;
    const upload = multipartParts([{ name: 'file', filename: 'x.png', type: 'image/png', bytes: await png(10, 10) }]);
    const calls = [
      { method: 'GET', url: base },
      { method: 'POST', url: base, payload: newService('sneaky') },
      { method: 'GET', url: `${base}/roundTrip` },
      { method: 'PATCH', url: `${base}/roundTrip`, payload: { monthlyFeeCents: 0 } },
      { method: 'DELETE', url: `${base}/roundTrip` },
      { method: 'POST', url: `${base}/roundTrip/gallery`, payload: upload.payload, headers: upload.headers },
      { method: 'PATCH', url: `${base}/gallery/gallery/x1`, payload: { position: 0 } },
      { method: 'DELETE', url: `${base}/gallery/gallery/x1` },
    ] as const;
    for (const call of calls) {
      const headers = 'headers' in call ? call.headers : {};
      const asCustomer = await ctx.app.inject({ ...call, headers: { ...headers, ...bearer(customerToken) } });
      expect(asCustomer.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(asCustomer.body).not.toContain('Prüfdienst');
      const anonymous = await ctx.app.inject({ ...call, headers });
      expect(anonymous.statusCode).toBe(401);
    }
    expect(await snapshot(ctx.db)).toBe(before);
    expect((await ctx.db.selectFrom('auditLog').select('id').execute()).length).toBe(auditBefore);
  });
});
