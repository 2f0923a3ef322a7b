import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueChanged } from '../src/modules/catalogue/catalogue-changes.js';
import { upsertTranslations } from '../src/modules/translation/translation.repository.js';
import { readShippedTranslations } from '../src/modules/translation/shipped-translations.js';
import { buildTestApp, createService, type TestContext } from './helper.js';
import { buildWeb } from './support/built-web.js';

// Public pages answered rendered on the server (docs/performance.md#public-pages-rendered-on-the-server),
// with the real web build and its rendering bundle. Hydration in the browser: apps/web/e2e/public-ssr.spec.ts.

const origin = 'https://portal.example.com';
const shipped = readShippedTranslations();
const text = (namespace: string, id: string, language: 'de' | 'en'): string => {
  const row = shipped.find((t) => t.namespace === namespace && t.id === id);
  if (!row) throw new Error(`no text ${namespace}.${id}`);
  return row[language];
};
// React writes text and attribute values HTML-escaped.
const escaped = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head's tags and the page's content, read from the HTML as a crawler would. */
function readPage(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attribute = (pattern: RegExp) => pattern.exec(head)?.[1];
  const root =
    /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="rendered-page">/.exec(html)?.[1] ??
    '';
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
    descriptions: [...head.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1]),
    canonical: attribute(/<link rel="canonical" href="([^"]+)"/),
    alternates: Object.fromEntries(
      [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
    ),
    robots: attribute(/<meta name="robots" content="([^"]+)"/),
    root,
    scripts: [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? ''),
  };
}

describe('public pages rendered on the server', () => {
  let ctx: TestContext;
  let web: { dir: string; remove: () => void };
  let serviceId: string;

  beforeAll(async () => {
    web = await buildWeb();
    ctx = await buildTestApp({ PUBLIC_URL: origin }, { webDist: web.dir });
    await upsertTranslations(ctx.db, shipped);
    serviceId = await createService(ctx.db, {
      id: 'ssrCaptcha',
      nameDe: 'Bilderrätsel',
      nameEn: 'Picture puzzle',
      pricePer1000Calls: 150,
    });
    await createService(ctx.db, {
      id: 'ssrAddress',
      nameDe: 'Adressprüfung',
      nameEn: 'Address check',
      pricePer1000Calls: 275,
    });
    await ctx.db
      .insertInto('pricePackage')
      .values({
        id: 'ssrStarter',
        nameDe: 'Startpaket',
        nameEn: 'Starter package',
        descriptionDe: 'Für den Anfang',
        descriptionEn: 'To begin with',
        imgMediaId: null,
        bruttoMonatlich: 4900,
        calls: 100000,
        sortOrder: 1,
      })
      .execute();
    await ctx.db
      .insertInto('legalPage')
      .values({
        id: 'impressum',
        internerName: 'impressum',
        titleDe: 'Impressum',
        titleEn: 'Legal notice',
        // Written by hand around the import's cleaning: the page must still run nothing.
        htmlDe: '<p>Beispiel GmbH, Musterstraße 1</p><img src=x onerror="alert(1)"><script>alert(2)</script>',
        htmlEn: '<p>Example Ltd, 1 Sample Street</p>',
        updatedAt: new Date().toISOString(),
      })
      .execute();
  }, 240_000);
  afterAll(async () => {
    await ctx?.close();
    web?.remove();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('answers /services with the catalogue, its title, description, canonical and alternates', async () => {
    const res = await get('/services');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = readPage(res.body);
    expect(page.lang).toBe('de');
    expect(page.root).toContain('Bilderrätsel');
    expect(page.root).toContain('Adressprüfung');
    expect(page.root).toContain(escaped(text('ServiceOverview', 'heroTitle', 'de')));
    expect(page.titles).toEqual([`${text('ServiceOverview', 'pageTitle', 'de')} · Serviceportal`]);
    expect(page.descriptions).toEqual([escaped(text('ServiceOverview', 'heroSubtitle', 'de'))]);
    expect(page.canonical).toBe(`${origin}/services`);
    expect(page.alternates).toEqual({
      de: `${origin}/services`,
      en: `${origin}/services?lang=en`,
      'x-default': `${origin}/services`,
    });
    // No executable inline script: only files and the JSON data block (the CSP allows no other).
    expect(page.scripts.length).toBeGreaterThan(0);
    for (const attributes of page.scripts) expect(attributes).toMatch(/ src="|type="application\/json"/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers ?lang=en with the English rendering', async () => {
    const page = readPage((await get('/services?lang=en')).body);
    expect(page.lang).toBe('en');
    expect(page.root).toContain('Picture puzzle');
    expect(page.root).not.toContain('Bilderrätsel');
    expect(page.root).toContain(escaped(text('ServiceOverview', 'heroTitle', 'en')));
    expect(page.descriptions).toEqual([escaped(text('ServiceOverview', 'heroSubtitle', 'en'))]);
    expect(page.canonical).toBe(`${origin}/services?lang=en`);
  });

  it('answers a service with its name, texts and price, in the slug of each language', async () => {
    const de = await get(`/services/bilderraetsel-${serviceId}`);
    expect(de.statusCode).toBe(200);
    const page = readPage(de.body);
    expect(page.titles).toEqual(['Bilderrätsel · Serviceportal']);
    expect(page.descriptions).toEqual(['Kurzbeschreibung']);
    expect(page.root).toContain('<p>Beschreibung</p>');
    expect(page.root).toContain('1.50 €');
    expect(page.canonical).toBe(`${origin}/services/bilderraetsel-${serviceId}`);
    expect(page.alternates).toEqual({
      de: `${origin}/services/bilderraetsel-${serviceId}`,
      en: `${origin}/services/picture-puzzle-${serviceId}?lang=en`,
      'x-default': `${origin}/services/bilderraetsel-${serviceId}`,
    });

    const en = readPage((await get(`/services/picture-puzzle-${serviceId}?lang=en`)).body);
    expect(en.root).toContain('<p>Description</p>');
    expect(en.descriptions).toEqual(['Short description']);
  });

  it('forwards a stale or foreign slug to the address of the language', async () => {
    const stale = await get(`/services/old-name-${serviceId}`);
    expect(stale.statusCode).toBe(301);
    expect(stale.headers.location).toBe(`/services/bilderraetsel-${serviceId}`);
    const english = await get(`/services/bilderraetsel-${serviceId}?lang=en`);
    expect(english.statusCode).toBe(301);
    expect(english.headers.location).toBe(`/services/picture-puzzle-${serviceId}?lang=en`);
    const home = await get('/');
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/services');
  });

  it('answers /price with the packages and /rechtliches/{id} with the page, cleaned', async () => {
    const price = readPage((await get('/price')).body);
    expect(price.titles).toEqual([`${text('Price', 'title', 'de')} · Serviceportal`]);
    expect(price.root).toContain('Startpaket');
    expect(price.root).toContain('49.00 €');
    expect(price.canonical).toBe(`${origin}/price`);
    expect(readPage((await get('/price?lang=en')).body).root).toContain('Starter package');

    const legal = await get('/rechtliches/impressum');
    expect(legal.statusCode).toBe(200);
    const page = readPage(legal.body);
    expect(page.titles).toEqual(['Impressum · Serviceportal']);
    expect(page.descriptions).toEqual(['Beispiel GmbH, Musterstraße 1']);
    expect(page.root).toContain('<p>Beispiel GmbH, Musterstraße 1</p>');
    expect(page.root).not.toContain('onerror');
    expect(page.root).not.toContain('alert(');
    expect(readPage((await get('/rechtliches/impressum?lang=en')).body).root).toContain('Example Ltd');
  });

  it('preloads the chunks of the screens of the page, and carries only the legal page it shows', async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    const legal = (await get('/rechtliches/impressum')).body;
    const files = preloads(legal);
    expect(files.some((file) => /^\/assets\/on-demand-[\w-]+\.js$/.test(file ?? ''))).toBe(true);
    expect(files.some((file) => /^\/assets\/legal-page-[\w-]+\.js$/.test(file ?? ''))).toBe(true);
    // Never the entry, which index.html loads itself; every preloaded file is served.
    expect(files.some((file) => /\/index-/.test(file ?? ''))).toBe(false);
    for (const file of files) expect((await get(file ?? '')).statusCode, file).toBe(200);
    // The landing screen is part of the entry: nothing to preload.
    expect(preloads((await get('/services')).body)).toEqual([]);
    // The build's manifest is the server's, never sent.
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);

    await ctx.db
      .insertInto('legalPage')
      .values({
        id: 'agb',
        internerName: 'agb',
        titleDe: 'Allgemeine Geschäftsbedingungen',
        titleEn: 'Terms',
        htmlDe: '<p>Nur auf der AGB-Seite</p>',
        htmlEn: '<p>Only on the terms page</p>',
        updatedAt: new Date().toISOString(),
      })
      .execute();
    await catalogueChanged(ctx.app.changes);
    const data = /<script type="application\/json" id="rendered-page">([^<]*)<\/script>/.exec(
      (await get('/rechtliches/impressum')).body,
    )?.[1];
    expect(data).toContain('Beispiel GmbH');
    expect(data).not.toContain('Nur auf der AGB-Seite');
    expect(readPage((await get('/rechtliches/agb')).body).root).toContain('Nur auf der AGB-Seite');
  });

  it('answers 404 with the not-found page for addresses that name nothing', async () => {
    for (const url of ['/404', '/no/such/page', `/services/gone-unknownId`, '/rechtliches/nothing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      const page = readPage(res.body);
      expect(page.titles, url).toEqual([`${text('NotFound', 'title', 'de')} · Serviceportal`]);
      expect(page.root, url).toContain(escaped(text('NotFound', 'text', 'de')));
      expect(page.robots, url).toBe('noindex');
      expect(page.canonical, url).toBeUndefined();
    }
    const english = readPage((await get('/no/such/page?lang=en')).body);
    expect(english.titles).toEqual([`${text('NotFound', 'title', 'en')} · Serviceportal`]);
  });

  it('answers signed-in screens and forms with the plain app shell', async () => {
    for (const url of ['/projects', '/projects/x-abc', '/profile', '/admin', '/signup']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('id="rendered-page"');
      expect(res.body, url).toContain('<title>Serviceportal</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // The rendering bundle is the server's, never sent.
    expect((await get('/ssr/entry-server.js')).statusCode).toBe(404);
  });

  it('keeps a page until the catalogue changes, and revalidates with its ETag', async () => {
    const first = await get('/services', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/services', { 'if-none-match': etag })).statusCode).toBe(304);

    await ctx.db
      .updateTable('service')
      .set({ nameDe: 'Umbenannter Dienst' })
      .where('id', '=', serviceId)
      .execute();
    // Unchanged until the change is announced (writes through the app always announce it).
    expect(readPage((await get('/services')).body).root).toContain('Bilderrätsel');
    await catalogueChanged(ctx.app.changes);
    const after = await get('/services', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(readPage(after.body).root).toContain('Umbenannter Dienst');
    expect(readPage(after.body).root).not.toContain('Bilderrätsel');
  });
});
