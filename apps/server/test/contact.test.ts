import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, countRows, form, type TestContext } from './helper.js';

describe('contact form', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ CONTACT_TO: 'team@example.com' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  // The route allows a few requests per address; each case below comes from an address of its own.
  let address = 0;
  const send = (body: string, language = 'de', remoteAddress = `192.0.2.${++address}`) =>
    ctx.app.inject({
      method: 'POST',
      url: '/rest/collection/contactform/send',
      remoteAddress,
      ...form(body),
      headers: { ...form(body).headers, 'content-language': language },
    });

  it('stores a complete request and answers success 1 with a message', async () => {
    const res = await send('firstname=Max&subname=Muster&email=max%40example.com&terms=true&message=Hallo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 1, msg: expect.stringContaining('Danke') });
    const row = await ctx.db.selectFrom('contactRequest').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstname: 'Max', subname: 'Muster', email: 'max@example.com', message: 'Hallo', termsAccepted: 1 });
  });

  it('records which privacy text the sender accepted and when (docs/privacy.md#consent)', async () => {
    const before = new Date().toISOString();
    const first = await send('firstname=Ohne&subname=Seite&email=ohne%40example.com&terms=1');
    expect(first.statusCode).toBe(200);
    const withoutPage = await ctx.db.selectFrom('contactRequest').selectAll().where('firstname', '=', 'Ohne').executeTakeFirstOrThrow();
    expect(withoutPage.privacyVersion).toBeNull();
    expect(withoutPage.privacyAcceptedAt).toBe(withoutPage.createdAt);
    expect(withoutPage.privacyAcceptedAt! >= before).toBe(true);

    await ctx.db
      .insertInto('legalPage')
      .values({
        id: 'privacy-page',
        internerName: 'datenschutz',
        titleDe: 'Datenschutz',
        titleEn: 'Privacy',
        htmlDe: '<p>x</p>',
        htmlEn: '<p>x</p>',
        updatedAt: '2026-01-02T03:04:05.000Z',
      })
      .execute();
    expect((await send('firstname=Mit&subname=Seite&email=mit%40example.com&terms=1')).statusCode).toBe(200);
    const withPage = await ctx.db.selectFrom('contactRequest').selectAll().where('firstname', '=', 'Mit').executeTakeFirstOrThrow();
    expect(withPage.privacyVersion).toBe('2026-01-02T03:04:05.000Z');
    expect(withPage.privacyAcceptedAt).toBe(withPage.createdAt);
    await ctx.db.deleteFrom('legalPage').where('id', '=', 'privacy-page').execute();
  });

  it.each([
    ['no terms', 'firstname=A&subname=B&email=a%40b.de'],
    ['terms refused', 'firstname=A&subname=B&email=a%40b.de&terms=false'],
    ['a bad email', 'firstname=A&subname=B&email=nope&terms=1'],
    ['an empty first name', 'firstname=&subname=B&email=a%40b.de&terms=1'],
  ])('answers %s with success 0 and a message in the request language, storing nothing', async (_label, body) => {
    const before = await countRows(ctx.db, 'contactRequest');
    const de = await send(body);
    expect(de.statusCode).toBe(400);
    expect(de.json()).toEqual({ success: 0, msg: expect.stringContaining('Bitte') });
    const en = await send(body, 'en');
    expect(en.json()).toEqual({ success: 0, msg: expect.stringContaining('Please') });
    expect(await countRows(ctx.db, 'contactRequest')).toBe(before);
  });

  it('keeps an offer request with its package (as named then) and says so in the team mail', async () => {
    await ctx.db
      .insertInto('pricePackage')
      .values({
        id: 'pro',
        nameDe: 'Profi',
        nameEn: 'Professional',
        descriptionDe: 'x',
        descriptionEn: 'x',
        imgMediaId: null,
        bruttoMonatlich: 9900,
        calls: 1000000,
        sortOrder: 1,
      })
      .execute();
    const res = await send(
      'firstname=Olga&subname=Offer&email=olga%40example.com&terms=1&topic=offer&packageId=pro&message=Sechs%20Millionen%20Aufrufe',
    );
    expect(res.statusCode).toBe(200);
    // Renamed afterwards: the request still names what was asked for.
    await ctx.db.updateTable('pricePackage').set({ nameDe: 'Profi neu' }).where('id', '=', 'pro').execute();
    const row = await ctx.db.selectFrom('contactRequest').selectAll().where('firstname', '=', 'Olga').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ topic: 'offer', packageNameDe: 'Profi', packageNameEn: 'Professional', message: 'Sechs Millionen Aufrufe' });
    const mail = await ctx.db.selectFrom('mailOutbox').selectAll().where('id', '=', row.mailId!).executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Angebotsanfrage von Olga Offer');
    expect(mail.textBody).toContain('Paket: Profi');
    expect(mail.textBody).toContain('Sechs Millionen Aufrufe');
  });

  it('keeps a plain question as a question', async () => {
    expect((await send('firstname=Quentin&subname=Q&email=q%40example.com&terms=1')).statusCode).toBe(200);
    const row = await ctx.db.selectFrom('contactRequest').selectAll().where('firstname', '=', 'Quentin').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ topic: 'question', packageNameDe: null, message: '' });
  });

  it.each([
    ['a package that does not exist', 'topic=offer&packageId=gone', 'Paket'],
    ['a package without the offer topic', 'packageId=pro', 'Bitte'],
    ['an unknown topic', 'topic=complaint', 'Bitte'],
  ])('refuses %s, storing nothing', async (_label, extra, says) => {
    const before = await countRows(ctx.db, 'contactRequest');
    const res = await send(`firstname=A&subname=B&email=a%40b.de&terms=1&${extra}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: 0, msg: expect.stringContaining(says) });
    expect(await countRows(ctx.db, 'contactRequest')).toBe(before);
  });

  it('limits one address to a few requests, with Retry-After', async () => {
    let last = 200;
    let retryAfter: string | undefined;
    for (let i = 0; i < 8 && last !== 429; i++) {
      const res = await send('firstname=A&subname=B&email=a%40b.de&terms=1', 'de', '198.51.100.7');
      last = res.statusCode;
      retryAfter = String(res.headers['retry-after']);
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
