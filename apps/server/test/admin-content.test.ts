import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLegalPage, AdminPricePackage } from '@portal/contract/admin-content';
import { createMailSender } from '../src/modules/mail/mail-sender.js';
import { OutboxWorker } from '../src/modules/mail/outbox-worker.js';
import { upsertTranslations } from '../src/modules/translation/translation.repository.js';
import { readShippedTranslations } from '../src/modules/translation/shipped-translations.js';
import { bearer, buildTestApp, countRows, createPerson, form, login, type TestContext } from './helper.js';
import { startMailbox, type Mailbox } from './support/mailbox.js';

// The admin console's price packages, legal pages, texts and contact requests
// (docs/admin.md#content): every route, its rules, the audit entry of every write, and that
// visitors see a change with their next request.

const base = '/rest/collection/admin';

type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };
const errorOf = (res: { json: <T>() => T }) => res.json<ErrorAnswer>().error;

describe('admin content', () => {
  let ctx: TestContext;
  let mailbox: Mailbox;
  let worker: OutboxWorker;
  let admin: Record<string, string>;
  let adminId: string;
  let customer: Record<string, string>;

  beforeAll(async () => {
    mailbox = await startMailbox();
    ctx = await buildTestApp({ CONTACT_TO: 'team@example.com' });
    await upsertTranslations(ctx.db, readShippedTranslations());
    // Loading every text blocks SQLite's thread for a moment; on a busy machine the app then
    // answers 503 (event loop late) until it has caught up, as a real instance would.
    for (let i = 0; i < 100 && (await ctx.app.inject({ method: 'GET', url: '/rest/ready' })).statusCode !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const adminPerson = await createPerson(ctx.db, { isAdmin: 1 });
    adminId = adminPerson.id;
    admin = bearer(await login(ctx.app, adminPerson));
    customer = bearer(await login(ctx.app, await createPerson(ctx.db)));
    worker = new OutboxWorker(ctx.db, createMailSender(`smtp://127.0.0.1:${mailbox.port}`, 'portal@example.com'), ctx.app.log, ctx.app.clock, {
      pollMs: 50,
      baseDelayMs: 50,
      maxDelayMs: 50,
      maxAttempts: 3,
      leaseMs: 10_000,
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
    await mailbox?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = admin) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const auditOf = (objectType: string, objectId: string) =>
    ctx.db
      .selectFrom('auditLog')
      .selectAll()
      .where('objectType', '=', objectType)
      .where('objectId', '=', objectId)
      .orderBy('at')
      .orderBy('id')
      .execute();

  describe('access', () => {
    const routes: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string]> = [
      ['GET', `${base}/price_package`],
      ['POST', `${base}/price_package`],
      ['GET', `${base}/price_package/starter`],
      ['PATCH', `${base}/price_package/starter`],
      ['DELETE', `${base}/price_package/starter`],
      ['GET', `${base}/rechtliches`],
      ['POST', `${base}/rechtliches`],
      ['GET', `${base}/rechtliches/abc`],
      ['PATCH', `${base}/rechtliches/abc`],
      ['DELETE', `${base}/rechtliches/abc`],
      ['GET', `${base}/translation`],
      ['GET', `${base}/translation/Price.title`],
      ['PATCH', `${base}/translation/Price.title`],
      ['GET', `${base}/contact_request`],
      ['PATCH', `${base}/contact_request/abc`],
    ];

    it.each(routes)('%s %s: 401 signed out, 403 for a customer, and nothing changes', async (method, url) => {
      const audits = await countRows(ctx.db, 'auditLog');
      const payload = method === 'POST' || method === 'PATCH' ? { de: 'x' } : undefined;
      const signedOut = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(signedOut.statusCode).toBe(401);
      const forbidden = await call(method, url, payload, customer);
      expect(forbidden.statusCode).toBe(403);
      expect(errorOf(forbidden).code).toBe('forbidden');
      expect(await countRows(ctx.db, 'auditLog')).toBe(audits);
    });
  });

  describe('price packages', () => {
    const newPackage = {
      name: { de: 'Kleinstpaket', en: 'Tiny' },
      description: { de: 'Für Tests.', en: 'For tests.' },
      grossMonthlyCents: 490,
      calls: 5000,
    };
    let created: AdminPricePackage;

    it('creates a package, answers it in the shape GET answers, and audits it', async () => {
      const res = await call('POST', `${base}/price_package`, { ...newPackage, id: 'tiny' });
      expect(res.statusCode).toBe(201);
      created = res.json();
      expect(created).toEqual({ ...newPackage, id: 'tiny', img: null, position: 0 });
      const one = await call('GET', `${base}/price_package/tiny`);
      expect(one.json()).toEqual(created);
      const [entry] = await auditOf('price_package', 'tiny');
      expect(entry).toMatchObject({ action: 'create', actorId: adminId, requestId: res.headers['x-request-id'] });
      expect(JSON.parse(entry!.afterJson!)).toEqual(created);
      expect(entry!.beforeJson).toBeNull();
    });

    it('shows a new or changed price on the public price list at once (the cached answer is dropped)', async () => {
      const prices = async () =>
        (await ctx.app.inject({ method: 'GET', url: '/rest/collection/price_package' })).json<
          Array<{ id: string; product: { price: { brutto_monatlich: number } } }>
        >();
      expect((await prices()).find((p) => p.id === 'tiny')?.product.price.brutto_monatlich).toBe(4.9);
      // The GET answer goes back with one field changed.
      const one = (await call('GET', `${base}/price_package/tiny`)).json<AdminPricePackage>();
      const res = await call('PATCH', `${base}/price_package/tiny`, { ...one, grossMonthlyCents: 1290 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...one, grossMonthlyCents: 1290 });
      expect((await prices()).find((p) => p.id === 'tiny')?.product.price.brutto_monatlich).toBe(12.9);
      const entries = await auditOf('price_package', 'tiny');
      expect(entries.at(-1)).toMatchObject({ action: 'update' });
      expect(JSON.parse(entries.at(-1)!.beforeJson!)).toMatchObject({ grossMonthlyCents: 490 });
      expect(JSON.parse(entries.at(-1)!.afterJson!)).toMatchObject({ grossMonthlyCents: 1290 });
    });

    it('orders packages: position moves one, the others close up, the public list follows', async () => {
      await call('POST', `${base}/price_package`, { ...newPackage, id: 'second' });
      await call('POST', `${base}/price_package`, { ...newPackage, id: 'third', position: 0 });
      const ids = async () => (await call('GET', `${base}/price_package`)).json<{ items: AdminPricePackage[] }>().items.map((p) => p.id);
      expect(await ids()).toEqual(['third', 'tiny', 'second']);
      await call('PATCH', `${base}/price_package/third`, { position: 99 });
      expect(await ids()).toEqual(['tiny', 'second', 'third']);
      const list = (await call('GET', `${base}/price_package`)).json<{ items: AdminPricePackage[]; total: number }>();
      expect(list.items.map((p) => p.position)).toEqual([0, 1, 2]);
      expect(list.total).toBe(3);
      const page2 = (await call('GET', `${base}/price_package?page=2&pageSize=2`)).json<{ items: AdminPricePackage[]; total: number }>();
      expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 });
      expect(page2.items.map((p) => [p.id, p.position])).toEqual([['third', 2]]);
      const publicIds = (await ctx.app.inject({ method: 'GET', url: '/rest/collection/price_package' })).json<Array<{ id: string }>>();
      expect(publicIds.map((p) => p.id)).toEqual(['tiny', 'second', 'third']);
    });

    it.each([
      ['a negative price', { grossMonthlyCents: -1 }, 'grossMonthlyCents'],
      ['a price in euros with cents', { grossMonthlyCents: 12.5 }, 'grossMonthlyCents'],
      ['an empty German name', { name: { de: ' ', en: 'x' } }, 'name.de'],
      ['a name that is too long', { name: { de: 'x'.repeat(101), en: 'x' } }, 'name.de'],
      ['an unknown field', { price: 5 }, 'price'],
      ['another id', { id: 'other' }, 'id'],
      ['an image the portal does not have', { img: '/rest/media/nothing' }, 'img'],
      ['an image from elsewhere', { img: 'https://evil.example/x.png' }, 'img'],
    ])('refuses %s with 400 and a field message, changing nothing', async (_label, patch, field) => {
      const before = (await call('GET', `${base}/price_package/tiny`)).json<AdminPricePackage>();
      const audits = await countRows(ctx.db, 'auditLog');
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `${base}/price_package/tiny`,
        headers: { ...admin, 'content-language': 'en' },
        payload: patch,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('validation');
      expect(Object.keys(errorOf(res).fields ?? {})).toContain(field);
      expect(res.body).not.toMatch(/select|insert|at .*\.ts/i);
      expect((await call('GET', `${base}/price_package/tiny`)).json()).toEqual(before);
      expect(await countRows(ctx.db, 'auditLog')).toBe(audits);
    });

    it('refuses a taken id on create and answers 404 for unknown packages', async () => {
      const count = await countRows(ctx.db, 'pricePackage');
      const taken = await call('POST', `${base}/price_package`, { ...newPackage, id: 'tiny' });
      expect(taken.statusCode).toBe(400);
      expect(errorOf(taken).fields).toEqual({ id: expect.any(String) });
      expect(await countRows(ctx.db, 'pricePackage')).toBe(count);
      expect((await call('GET', `${base}/price_package/nope`)).statusCode).toBe(404);
      expect((await call('PATCH', `${base}/price_package/nope`, { calls: 1 })).statusCode).toBe(404);
      expect((await call('DELETE', `${base}/price_package/nope`)).statusCode).toBe(404);
    });

    it('deletes a package: gone from the public list at once, audited with what it was', async () => {
      const before = (await call('GET', `${base}/price_package/second`)).json<AdminPricePackage>();
      const res = await call('DELETE', `${base}/price_package/second`);
      expect(res.statusCode).toBe(204);
      const publicIds = (await ctx.app.inject({ method: 'GET', url: '/rest/collection/price_package' })).json<Array<{ id: string }>>();
      expect(publicIds.map((p) => p.id)).toEqual(['tiny', 'third']);
      const entry = (await auditOf('price_package', 'second')).at(-1);
      expect(entry).toMatchObject({ action: 'delete', afterJson: null });
      expect(JSON.parse(entry!.beforeJson!)).toEqual(before);
      expect((await call('GET', `${base}/price_package`)).json<{ items: AdminPricePackage[] }>().items.map((p) => p.position)).toEqual([0, 1]);
    });
  });

  describe('legal pages', () => {
    const hostile =
      '<h2>Widerruf</h2><p onclick="steal()">Text<script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">Link</a><img src=x onerror="alert(1)"><a href="https://example.com">ok</a>';
    const page = {
      internalName: 'widerruf',
      title: { de: 'Widerrufsbelehrung', en: 'Cancellation policy' },
      html: { de: hostile, en: '<p>Cancellation</p><iframe src="https://evil.example"></iframe>' },
    };
    let created: AdminLegalPage;

    it('sanitizes the HTML before storing it: no script, event handler or javascript: link reaches a visitor', async () => {
      const res = await call('POST', `${base}/rechtliches`, page);
      expect(res.statusCode).toBe(201);
      created = res.json();
      expect(created.html.de).toBe(
        '<h2>Widerruf</h2><p>Text</p><a>Link</a><a href="https://example.com" rel="noopener noreferrer">ok</a>',
      );
      expect(created.html.en).toBe('<p>Cancellation</p>');
      const stored = await ctx.db.selectFrom('legalPage').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(`${stored.htmlDe}${stored.htmlEn}`).not.toMatch(/script|onclick|onerror|javascript|iframe|<img/i);
      const visible = (await ctx.app.inject({ method: 'GET', url: '/rest/collection/rechtliches' })).json<
        Array<{ interner_name: string; html: { de: string } }>
      >();
      expect(visible.find((p) => p.interner_name === 'widerruf')?.html.de).toBe(created.html.de);
      expect((await call('GET', `${base}/rechtliches/${created.id}`)).json()).toEqual(created);
      const [entry] = await auditOf('rechtliches', created.id);
      expect(entry).toMatchObject({ action: 'create' });
    });

    it('sanitizes on every change too, and shows the change publicly at once', async () => {
      const publicPage = async () =>
        (await ctx.app.inject({ method: 'GET', url: '/rest/collection/rechtliches' }))
          .json<Array<{ interner_name: string; title: { en: string }; html: { en: string } }>>()
          .find((p) => p.interner_name === 'widerruf');
      expect((await publicPage())?.title.en).toBe('Cancellation policy');
      const one = (await call('GET', `${base}/rechtliches/${created.id}`)).json<AdminLegalPage>();
      const res = await call('PATCH', `${base}/rechtliches/${created.id}`, {
        ...one,
        title: { de: 'Widerruf', en: 'Withdrawal' },
        html: { de: one.html.de, en: '<p style="position:fixed" onmouseover="x()">New</p><form><input name="pw"></form>' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<AdminLegalPage>().html.en).toBe('<p>New</p>');
      expect(await publicPage()).toMatchObject({ title: { en: 'Withdrawal' }, html: { en: '<p>New</p>' } });
      expect((await auditOf('rechtliches', created.id)).at(-1)).toMatchObject({ action: 'update' });
    });

    it('keeps the pages the portal links to: no delete, no rename; internal names stay unique', async () => {
      const agbId = newIdLike('agb');
      await ctx.db
        .insertInto('legalPage')
        .values({ id: agbId, internerName: 'agb', titleDe: 'AGB', titleEn: 'Terms', htmlDe: '<p>a</p>', htmlEn: '<p>a</p>', updatedAt: new Date().toISOString() })
        .execute();
      const audits = await countRows(ctx.db, 'auditLog');
      const del = await call('DELETE', `${base}/rechtliches/${agbId}`);
      expect(del.statusCode).toBe(409);
      expect(errorOf(del).fields).toEqual({ internalName: expect.any(String) });
      const rename = await call('PATCH', `${base}/rechtliches/${agbId}`, { internalName: 'terms' });
      expect(rename.statusCode).toBe(400);
      const taken = await call('PATCH', `${base}/rechtliches/${created.id}`, { internalName: 'agb' });
      expect(taken.statusCode).toBe(400);
      expect(errorOf(taken).fields).toEqual({ internalName: expect.any(String) });
      const bad = await call('POST', `${base}/rechtliches`, { ...page, internalName: 'Bad Name' });
      expect(bad.statusCode).toBe(400);
      expect(await countRows(ctx.db, 'auditLog')).toBe(audits);
      // Editing its text is fine.
      expect((await call('PATCH', `${base}/rechtliches/${agbId}`, { title: { de: 'AGB neu', en: 'Terms' } })).statusCode).toBe(200);
    });

    it('orders legal pages and deletes the others', async () => {
      await call('PATCH', `${base}/rechtliches/${created.id}`, { position: 0 });
      const names = async () =>
        (await ctx.app.inject({ method: 'GET', url: '/rest/collection/rechtliches' }))
          .json<Array<{ interner_name: string }>>()
          .map((p) => p.interner_name);
      expect(await names()).toEqual(['widerruf', 'agb']);
      await call('PATCH', `${base}/rechtliches/${created.id}`, { position: 1 });
      expect(await names()).toEqual(['agb', 'widerruf']);
      expect((await call('DELETE', `${base}/rechtliches/${created.id}`)).statusCode).toBe(204);
      expect(await names()).toEqual(['agb']);
      expect((await auditOf('rechtliches', created.id)).at(-1)).toMatchObject({ action: 'delete', afterJson: null });
    });
  });

  describe('texts', () => {
    type Item = { key: string; namespace: string; id: string; de: string; en: string; customised: boolean };
    const publicText = async (namespace: string, id: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/rest/collection/translation?namespace=${namespace}` }))
        .json<Array<{ id: string; de: string; en: string }>>()
        .find((t) => t.id === id);

    it('lists every key with both languages, filtered by namespace and search, paged', async () => {
      const all = (await call('GET', `${base}/translation?pageSize=100`)).json<{ items: Item[]; total: number; namespaces: string[] }>();
      expect(all.total).toBe(readShippedTranslations().length);
      expect(all.namespaces).toContain('Price');
      const price = (await call('GET', `${base}/translation?namespace=Price&pageSize=100`)).json<{ items: Item[] }>();
      expect(price.items.length).toBeGreaterThan(3);
      expect(price.items.every((t) => t.namespace === 'Price' && t.key === `Price.${t.id}`)).toBe(true);
      const title = price.items.find((t) => t.id === 'title')!;
      const found = (await call('GET', `${base}/translation?q=${encodeURIComponent(title.de.toUpperCase())}`)).json<{ items: Item[] }>();
      expect(found.items.map((t) => t.key)).toContain('Price.title');
      const byKey = (await call('GET', `${base}/translation?q=price.TITLE`)).json<{ items: Item[] }>();
      expect(byKey.items.map((t) => t.key)).toContain('Price.title');
    });

    it('shows an edited text in the public translation call at once, audited', async () => {
      const before = await publicText('Price', 'title');
      expect(before?.de).toBeTruthy();
      const one = (await call('GET', `${base}/translation/Price.title`)).json<{ de: string; en: string }>();
      expect(one).toEqual({ de: before!.de, en: before!.en });
      const res = await call('PATCH', `${base}/translation/Price.title`, { ...one, de: 'Unsere Preise' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ de: 'Unsere Preise', en: before!.en });
      expect(await publicText('Price', 'title')).toMatchObject({ de: 'Unsere Preise', en: before!.en });
      const [entry] = await auditOf('translation', 'Price.title');
      expect(entry).toMatchObject({ action: 'update', actorId: adminId });
      expect(JSON.parse(entry!.beforeJson!)).toEqual(one);
      expect(JSON.parse(entry!.afterJson!)).toEqual({ de: 'Unsere Preise', en: before!.en });
    });

    it('keeps an edited text over a restart (the shipped texts are loaded again) until it is set back', async () => {
      await upsertTranslations(ctx.db, readShippedTranslations());
      expect((await publicText('Price', 'title'))?.de).toBe('Unsere Preise');
      const listed = (await call('GET', `${base}/translation?namespace=Price&q=Unsere`)).json<{ items: Item[] }>();
      expect(listed.items).toEqual([expect.objectContaining({ key: 'Price.title', customised: true })]);
      const shipped = readShippedTranslations().find((t) => t.namespace === 'Price' && t.id === 'title')!;
      await call('PATCH', `${base}/translation/Price.title`, { de: shipped.de });
      const back = (await call('GET', `${base}/translation?namespace=Price&q=${encodeURIComponent(shipped.de)}`)).json<{ items: Item[] }>();
      expect(back.items.find((t) => t.key === 'Price.title')?.customised).toBe(false);
    });

    it('finds keys missing a language, and an empty English text falls back to German', async () => {
      const missingBefore = (await call('GET', `${base}/translation?missing=1`)).json<{ total: number }>().total;
      expect((await call('PATCH', `${base}/translation/Price.subtitle`, { en: '' })).statusCode).toBe(200);
      const missing = (await call('GET', `${base}/translation?missing=1&pageSize=100`)).json<{ items: Item[]; total: number }>();
      expect(missing.total).toBe(missingBefore + 1);
      expect(missing.items.map((t) => t.key)).toContain('Price.subtitle');
    });

    it('refuses texts that drop or invent a placeholder, an empty German text and unknown keys', async () => {
      const shipped = readShippedTranslations().find((t) => /\{\{\s*\w+\s*\}\}/.test(t.de))!;
      const key = `${shipped.namespace}.${shipped.id}`;
      const audits = await countRows(ctx.db, 'auditLog');
      const dropped = await call('PATCH', `${base}/translation/${key}`, { de: 'Ohne Platzhalter' });
      expect(dropped.statusCode).toBe(400);
      expect(errorOf(dropped).fields).toEqual({ de: expect.any(String) });
      const invented = await call('PATCH', `${base}/translation/${key}`, { en: `${shipped.en} {{secret}}` });
      expect(invented.statusCode).toBe(400);
      expect(errorOf(invented).fields).toEqual({ en: expect.any(String) });
      expect((await call('PATCH', `${base}/translation/${key}`, { de: '' })).statusCode).toBe(400);
      expect((await call('PATCH', `${base}/translation/${key}`, { de: 'x', fr: 'y' })).statusCode).toBe(400);
      expect((await call('PATCH', `${base}/translation/Price.doesNotExist`, { de: 'x' })).statusCode).toBe(404);
      expect((await call('PATCH', `${base}/translation/nodot`, { de: 'x' })).statusCode).toBe(400);
      expect(await publicText(shipped.namespace, shipped.id)).toMatchObject({ de: shipped.de, en: shipped.en });
      expect(await countRows(ctx.db, 'auditLog')).toBe(audits);
    });
  });

  describe('contact requests', () => {
    type Request = {
      id: string;
      firstname: string;
      state: string;
      note: string;
      mail: { state: string } | null;
      privacy: { version: string | null; acceptedAt: string } | null;
    };
    const send = (firstname: string, address: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/rest/collection/contactform/send',
        remoteAddress: address,
        ...form(`firstname=${firstname}&subname=Muster&email=${firstname.toLowerCase()}%40example.com&terms=1&message=Hallo`),
      });

    it('lists requests newest first with the delivery state of their notice mail', async () => {
      expect((await send('Erste', '192.0.2.10')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await send('Zweite', '192.0.2.11')).statusCode).toBe(200);
      const queued = (await call('GET', `${base}/contact_request`)).json<{ items: Request[]; total: number }>();
      expect(queued.total).toBe(2);
      expect(queued.items.map((r) => r.firstname)).toEqual(['Zweite', 'Erste']);
      expect(queued.items.map((r) => [r.state, r.note, r.mail?.state])).toEqual([
        ['new', '', 'queued'],
        ['new', '', 'queued'],
      ]);
      // The consent record: when the sender accepted the privacy text (and which one).
      for (const r of queued.items) expect(r.privacy?.acceptedAt).toEqual(expect.any(String));
      worker.start();
      await mailbox.mailTo('team@example.com', 1);
      let sent: Request[] = [];
      for (let i = 0; i < 50; i++) {
        sent = (await call('GET', `${base}/contact_request`)).json<{ items: Request[] }>().items;
        if (sent.every((r) => r.mail?.state === 'sent')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(sent.map((r) => r.mail?.state)).toEqual(['sent', 'sent']);
    });

    it('sets state and note, audited; filters by state; bad input changes nothing', async () => {
      const [newest] = (await call('GET', `${base}/contact_request`)).json<{ items: Request[] }>().items;
      const res = await call('PATCH', `${base}/contact_request/${newest!.id}`, { state: 'in_progress', note: 'Rückruf Montag' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ state: 'in_progress', note: 'Rückruf Montag' });
      const done = await call('PATCH', `${base}/contact_request/${newest!.id}`, { state: 'done' });
      expect(done.json()).toMatchObject({ state: 'done', note: 'Rückruf Montag', updatedAt: expect.any(String) });
      const entries = await auditOf('contact_request', newest!.id);
      expect(entries.map((e) => e.action)).toEqual(['update', 'update']);
      expect(JSON.parse(entries[1]!.beforeJson!)).toEqual({ state: 'in_progress', note: 'Rückruf Montag' });
      expect(JSON.parse(entries[1]!.afterJson!)).toEqual({ state: 'done', note: 'Rückruf Montag' });
      const onlyDone = (await call('GET', `${base}/contact_request?state=done`)).json<{ items: Request[]; total: number }>();
      expect(onlyDone.items.map((r) => r.id)).toEqual([newest!.id]);

      const audits = await countRows(ctx.db, 'auditLog');
      for (const body of [{ state: 'closed' }, { note: 'x'.repeat(2001) }, { note: 'a\u0000b' }, { state: 'done', email: 'x@example.com' }]) {
        expect((await call('PATCH', `${base}/contact_request/${newest!.id}`, body)).statusCode).toBe(400);
      }
      expect((await call('PATCH', `${base}/contact_request/nope`, { state: 'done' })).statusCode).toBe(404);
      expect(await countRows(ctx.db, 'auditLog')).toBe(audits);
      const after = (await call('GET', `${base}/contact_request?state=done`)).json<{ items: Request[] }>().items[0];
      expect(after).toMatchObject({ state: 'done', note: 'Rückruf Montag' });
      expect((await call('GET', `${base}/contact_request?pageSize=500`)).statusCode).toBe(400);
    });
  });
});

function newIdLike(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`.replace(/[^A-Za-z0-9]/g, '');
}
