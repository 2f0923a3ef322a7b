import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, countRows, createSignedInPerson, type SignedInPerson, type TestContext } from './helper.js';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
interface AuditEntry {
  action: string;
  objectType: string;
  objectId: string;
  actor: { id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const profileUrl = (id: string): string => `/rest/collection/person/${id}/billing`;
const settingsUrl = '/rest/collection/admin/billing-settings';

const profile = {
  name: 'Muster GmbH',
  street: 'Hauptstraße 1',
  postcode: '50667',
  city: 'Köln',
  country: 'DE',
  vatId: 'DE 123 456 789',
  invoiceEmail: 'Rechnung@Muster.example',
  purchaseOrderRef: 'PO-4711',
  buyerReference: '991-33333test-33',
  wantsXml: true,
};

const settings = {
  company: 'Anbieter GmbH',
  street: 'Am Markt 2',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  vatId: 'DE987654321',
  taxNumber: '30/123/45678',
  registerCourt: 'Amtsgericht Berlin-Charlottenburg',
  registerNumber: 'HRB 12345',
  managingDirectors: 'Clara Chef',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'cobadeffxxx',
  bankName: 'Commerzbank',
  contactName: 'Buchhaltung',
  contactPhone: '+49 30 123456',
  contactEmail: 'buchhaltung@anbieter.example',
  paymentTermsDays: 14,
  invoiceNumberFormat: 'RE-{year}-{seq:6}',
  senderEmail: 'rechnungen@anbieter.example',
};

describe('billing profile and seller settings', () => {
  let ctx: TestContext;
  let anna: SignedInPerson;
  let bert: SignedInPerson;
  let admin: SignedInPerson;

  const send = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown, language = 'de') =>
    ctx.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': language }, ...(payload ? { payload } : {}) });
  const audit = async (type: string): Promise<AuditEntry[]> =>
    (await send('GET', `/rest/collection/admin/audit?type=${type}&pageSize=100`, admin.token)).json<{ items: AuditEntry[] }>().items;

  beforeAll(async () => {
    ctx = await buildTestApp();
    anna = await createSignedInPerson(ctx);
    bert = await createSignedInPerson(ctx);
    admin = await createSignedInPerson(ctx, { isAdmin: 1 });
  });
  afterAll(() => ctx.close());

  it('answers null while a person has no billing profile', async () => {
    const res = await send('GET', profileUrl(anna.id), anna.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('lets a person write and read their own profile, normalized, without an audit entry', async () => {
    const put = await send('PUT', profileUrl(anna.id), anna.token, profile);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      personId: anna.id,
      vatId: 'DE123456789',
      invoiceEmail: 'rechnung@muster.example',
      buyerReference: '991-33333TEST-33',
      wantsXml: true,
    });
    const get = await send('GET', profileUrl(anna.id), anna.token);
    expect(get.json()).toEqual(put.json());
    // A change replaces the whole profile: optional fields left out are cleared.
    const changed = await send('PUT', profileUrl(anna.id), anna.token, {
      name: 'Anna Albers',
      street: 'Weg 3',
      city: 'Wien',
      country: 'at',
      vatId: 'ATU12345678',
      invoiceEmail: 'anna@example.com',
    });
    expect(changed.json()).toMatchObject({ country: 'AT', postcode: '', purchaseOrderRef: null, buyerReference: null, wantsXml: false });
    expect(await audit('billing_profile')).toEqual([]);
  });

  it("answers 404 for another person's profile, reading and writing, and changes nothing", async () => {
    const before = await send('GET', profileUrl(anna.id), anna.token);
    expect((await send('GET', profileUrl(anna.id), bert.token)).statusCode).toBe(404);
    const put = await send('PUT', profileUrl(anna.id), bert.token, profile);
    expect(put.statusCode).toBe(404);
    expect((await send('GET', profileUrl(anna.id), anna.token)).json()).toEqual(before.json());
    expect((await send('GET', profileUrl(bert.id), bert.token)).json()).toBeNull();
    expect((await send('GET', settingsUrl, bert.token)).statusCode).toBe(403);
    expect((await send('PUT', settingsUrl, bert.token, settings)).statusCode).toBe(403);
  });

  it("lets an admin read and change a customer's profile, audited; an unknown person is 404", async () => {
    const put = await send('PUT', profileUrl(bert.id), admin.token, { ...profile, name: 'Bert AG' });
    expect(put.statusCode).toBe(200);
    expect((await send('GET', profileUrl(bert.id), bert.token)).json()).toMatchObject({ name: 'Bert AG' });
    const again = await send('PUT', profileUrl(bert.id), admin.token, { ...profile, name: 'Bert SE' });
    expect(again.statusCode).toBe(200);
    // The same body again changes nothing and writes no entry.
    await send('PUT', profileUrl(bert.id), admin.token, { ...profile, name: 'Bert SE' });
    const entries = await audit('billing_profile');
    expect(entries.map((e) => [e.action, e.objectId, e.actor.id])).toEqual([
      ['update', bert.id, admin.id],
      ['create', bert.id, admin.id],
    ]);
    expect(entries[0]?.before).toMatchObject({ name: 'Bert AG' });
    expect(entries[0]?.after).toMatchObject({ name: 'Bert SE' });
    expect((await send('GET', profileUrl('nobody123'), admin.token)).statusCode).toBe(404);
    expect((await send('PUT', profileUrl('nobody123'), admin.token, profile)).statusCode).toBe(404);
    expect(await countRows(ctx.db, 'billingProfile')).toBe(2);
  });

  it.each([
    ['a VAT ID of another country', { vatId: 'ATU12345678' }, 'vatId', 'muss mit dem Kürzel des gewählten Landes beginnen', 'must start with the code'],
    ['a VAT ID of the wrong format', { vatId: 'DE12345' }, 'vatId', 'nicht das Format dieses Landes', "does not have this country's format"],
    ['a VAT ID outside the EU', { country: 'CH', vatId: 'CHE123456789' }, 'vatId', 'nur in EU-Ländern', 'EU countries only'],
    ['an unknown country', { country: 'XX' }, 'country', 'Bitte wähle ein Land', 'Please choose a country'],
    ['a broken Leitweg-ID', { buyerReference: '991-33333TEST-34' }, 'buyerReference', 'Keine gültige Leitweg-ID', 'Not a valid Leitweg-ID'],
    ['a broken invoice e-mail', { invoiceEmail: 'rechnung at example' }, 'invoiceEmail', 'Keine gültige E-Mail-Adresse', 'Not a valid email'],
    ['a name past the limit', { name: 'x'.repeat(151) }, 'name', 'Zu lang', 'Too long'],
    ['no name', { name: '  ' }, 'name', 'Ungültiger Wert', 'Invalid value'],
    ['an unknown field', { iban: 'DE89370400440532013000' }, 'iban', 'Unbekanntes Feld', 'Unknown field'],
  ])('refuses %s with a message in the caller\'s language and changes nothing', async (_name, change, field, de, en) => {
    const before = (await send('GET', profileUrl(anna.id), anna.token)).json<unknown>();
    for (const [language, text] of [['de', de], ['en', en]] as const) {
      const res = await send('PUT', profileUrl(anna.id), anna.token, { ...profile, ...change }, language);
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.error.code).toBe('validation');
      expect(body.error.fields?.[field]).toContain(text);
    }
    expect((await send('GET', profileUrl(anna.id), anna.token)).json()).toEqual(before);
  });

  it('keeps the seller settings: null at first, written whole by an admin, audited', async () => {
    expect((await send('GET', settingsUrl, admin.token)).json()).toBeNull();
    const put = await send('PUT', settingsUrl, admin.token, settings);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', paymentTermsDays: 14 });
    const { paymentTermsDays: _days, invoiceNumberFormat: _format, ...minimal } = settings;
    const second = await send('PUT', settingsUrl, admin.token, { ...minimal, vatId: null, bic: '' });
    expect(second.json()).toMatchObject({ vatId: null, bic: null, paymentTermsDays: 14, invoiceNumberFormat: 'RE-{year}-{seq:6}' });
    expect((await send('GET', settingsUrl, admin.token)).json()).toEqual(second.json());
    const entries = await audit('billing_settings');
    expect(entries.map((e) => [e.action, e.objectId])).toEqual([
      ['update', 'seller'],
      ['create', 'seller'],
    ]);
    expect(await countRows(ctx.db, 'sellerSettings')).toBe(1);
  });

  it.each([
    ['a wrong IBAN check', { iban: 'DE89 3704 0044 0532 0130 01' }, 'iban', 'Keine gültige IBAN', 'Not a valid IBAN'],
    ['a broken BIC', { bic: 'COBA' }, 'bic', 'Keine gültige BIC', 'Not a valid BIC'],
    ['a number format without {seq}', { invoiceNumberFormat: 'RE-{year}' }, 'invoiceNumberFormat', 'genau einmal {seq}', 'exactly once'],
    ['a number format with a space', { invoiceNumberFormat: 'RE {seq:4}' }, 'invoiceNumberFormat', 'genau einmal {seq}', 'exactly once'],
    ['a number format with 13 digits', { invoiceNumberFormat: 'RE-{seq:13}' }, 'invoiceNumberFormat', 'genau einmal {seq}', 'exactly once'],
    ['payment terms past 120 days', { paymentTermsDays: 121 }, 'paymentTermsDays', '0 bis 120', '0 to 120'],
    ['payment terms of half a day', { paymentTermsDays: 1.5 }, 'paymentTermsDays', '0 bis 120', '0 to 120'],
    ['neither VAT ID nor tax number', { vatId: '', taxNumber: '' }, 'taxNumber', 'mindestens eins', 'at least one'],
    ['an unknown country', { country: 'ZZ' }, 'country', 'Bitte wähle ein Land', 'Please choose a country'],
    ['a broken sender address', { senderEmail: 'rechnungen' }, 'senderEmail', 'Keine gültige E-Mail-Adresse', 'Not a valid email'],
  ])('refuses seller settings with %s, in the caller\'s language, and changes nothing', async (_name, change, field, de, en) => {
    const before = (await send('GET', settingsUrl, admin.token)).json<unknown>();
    const entries = (await audit('billing_settings')).length;
    for (const [language, text] of [['de', de], ['en', en]] as const) {
      const res = await send('PUT', settingsUrl, admin.token, { ...settings, ...change }, language);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields?.[field]).toContain(text);
    }
    expect((await send('GET', settingsUrl, admin.token)).json()).toEqual(before);
    expect(await audit('billing_settings')).toHaveLength(entries);
  });

  it('describes both routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/rest/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths['/rest/collection/person/{oid}/billing'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
    expect(Object.keys(doc.paths['/rest/collection/admin/billing-settings'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
  });
});
