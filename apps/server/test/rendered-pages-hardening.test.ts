import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion } from '@portal/contract/service-api';
import { upsertTranslations } from '../src/modules/translation/translation.repository.js';
import { readShippedTranslations } from '../src/modules/translation/shipped-translations.js';
import { bearer, buildTestApp, createPerson, createService, login, type TestContext } from './helper.js';
import { buildWeb } from './support/built-web.js';
import { documentJson } from './support/openapi-documents.js';

// What a stranger can make the rendered public pages cost (docs/performance.md#one-address-per-page,
// docs/reliability.md#resource-leaks): page views over real HTTP leave no descriptor open, and the
// spellings of a page's address are forwarded to it instead of being rendered anew.

const origin = 'https://portal.example.com';

/**
 * The renders of the bundle, counted: a copy of the web build whose rendering bundle notes each
 * page it renders (its createPageRenderer wrapped in place: the bundle's chunks import the entry
 * file itself, so it cannot be put behind another module).
 */
declare global {
  var renderedPageUrls: string[] | undefined;
}
const COUNTING_WRAPPER = `var createPageRenderer = (options) => {
  const render = countedPageRenderer(options);
  return async (request) => {
    const result = await render(request);
    if (result.kind === 'page') (globalThis.renderedPageUrls ??= []).push(request.url);
    return result;
  };
};
`;

function countingCopy(webDist: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-counted-'));
  cpSync(webDist, dir, { recursive: true });
  const entry = join(dir, 'ssr', 'entry-server.js');
  const source = readFileSync(entry, 'utf8').replace(
    'var createPageRenderer = (',
    'var countedPageRenderer = (',
  );
  const lastExport = source.lastIndexOf('\nexport {');
  if (!source.includes('countedPageRenderer') || lastExport < 0)
    throw new Error('the rendering bundle changed shape');
  writeFileSync(entry, `${source.slice(0, lastExport)}\n${COUNTING_WRAPPER}${source.slice(lastExport)}`);
  return dir;
}

const openDescriptors = (): number => readdirSync('/proc/self/fd').length;

interface Answer {
  status: number;
  location: string | undefined;
}

describe('rendered public pages under a stranger’s traffic', () => {
  let ctx: TestContext;
  let web: { dir: string; remove: () => void };
  let dir: string;
  let base: { host: string; port: number };
  /** Every public page's address in German, and in English (a service's slug follows the language). */
  let pages: string[];

  /** GET over HTTP with the path sent exactly as given (no client normalises it). */
  const get = (path: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = httpRequest(
        { ...base, path, method: 'GET', headers: { 'accept-encoding': 'br' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    web = await buildWeb();
    dir = countingCopy(web.dir);
    ctx = await buildTestApp({ PUBLIC_URL: origin }, { webDist: dir });
    await upsertTranslations(ctx.db, readShippedTranslations());
    const serviceId = await createService(ctx.db, {
      id: 'pagesPuzzle',
      nameDe: 'Bilderrätsel',
      nameEn: 'Picture puzzle',
    });
    await ctx.db
      .insertInto('legalPage')
      .values({
        id: 'impressum',
        internerName: 'impressum',
        titleDe: 'Impressum',
        titleEn: 'Legal notice',
        htmlDe: '<p>Beispiel GmbH</p>',
        htmlEn: '<p>Example Ltd</p>',
        updatedAt: new Date().toISOString(),
      })
      .execute();
    const adminToken = await login(ctx.app, await createPerson(ctx.db, { isAdmin: 1 }));
    const url = `/rest/collection/admin/service/${serviceId}/api`;
    const stored = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(adminToken),
      payload: { document: JSON.stringify(documentJson()), version: '1', notes: { de: '', en: '' } },
    });
    expect(stored.statusCode).toBe(201);
    const published = await ctx.app.inject({
      method: 'POST',
      url: `${url}/${stored.json<ApiVersion>().id}/publish`,
      headers: bearer(adminToken),
    });
    expect(published.statusCode).toBe(200);
    pages = [
      '/services',
      `/services/bilderraetsel-${serviceId}`,
      `/services/bilderraetsel-${serviceId}/api`,
      '/price',
      '/rechtliches/impressum',
      '/services?lang=en',
      `/services/picture-puzzle-${serviceId}?lang=en`,
      `/services/picture-puzzle-${serviceId}/api?lang=en`,
      '/price?lang=en',
      '/rechtliches/impressum?lang=en',
    ];
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = { host: '127.0.0.1', port: (ctx.app.server.address() as AddressInfo).port };
  }, 240_000);
  afterAll(async () => {
    await ctx?.close();
    web?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers every public page rendered, and 500 page views leave no descriptor open', async () => {
    const views = [...pages, '/no-such-page'];
    const expected = (view: string) => (view === '/no-such-page' ? 404 : 200);
    for (const view of views) expect((await get(view)).status, view).toBe(expected(view));
    const before = openDescriptors();
    for (let i = 0; i < 500; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) => views[(i + j) % views.length] ?? '/services');
      const answers = await Promise.all(batch.map(get));
      answers.forEach((answer, j) => expect(answer.status).toBe(expected(batch[j] ?? '')));
    }
    // Closed sockets and streams release their descriptors on the next turns of the loop.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Each leaked descriptor would count once per view: 500, against a few sockets of slack.
    expect(openDescriptors() - before).toBeLessThanOrEqual(20);
  });

  /** The spellings of `page` a URL parser or a hand may produce, each with and without a query. */
  function variants(page: string): string[] {
    const segments = page.split('/').slice(1);
    const fixedUpper = segments.map((s, i) => (i === 0 || s === 'api' ? s.toUpperCase() : s));
    const encodedFirst = segments.map((s) => `%${(s.codePointAt(0) ?? 0).toString(16)}${s.slice(1)}`);
    const spellings = [
      `/${fixedUpper.join('/')}`,
      `/${segments[0]?.replace(/^./, (c) => c.toUpperCase())}/${segments.slice(1).join('/')}`.replace(
        /\/$/,
        '',
      ),
      `/${encodedFirst.join('/')}`,
      `${page}/`,
      `${page}//`,
      `/${segments.join('//')}`,
      `//${segments.join('/')}`,
      `/./${segments.join('/')}`,
      `${page}/.`,
      `/${segments.join('/./')}`,
      `/${segments[0]}/%2e/${segments.slice(1).join('/')}`.replace(/\/$/, ''),
      `/${segments[0]}/x/../${segments.slice(1).join('/')}`.replace(/\/$/, ''),
    ];
    return [...new Set(spellings)].filter((spelling) => spelling !== page);
  }

  it('forwards every spelling of a page to its one address with 301, keeping the query, rendering nothing anew', async () => {
    for (const page of pages) expect((await get(page)).status).toBe(200);
    globalThis.renderedPageUrls = [];
    for (const address of pages) {
      const [page = '', query = ''] = address.split(/(?=\?)/);
      for (const variant of variants(page)) {
        const answer = await get(`${variant}${query}`);
        expect({ variant, ...answer }).toEqual({ variant, status: 301, location: address });
      }
      expect((await get(address)).status).toBe(200);
    }
    expect(globalThis.renderedPageUrls).toEqual([]);
  });

  it('answers addresses that name no page with the one not-found page, rendered once', async () => {
    await get('/no-such-page');
    globalThis.renderedPageUrls = [];
    const strangers = [
      '/NO-SUCH-PAGE',
      '/no-such-page/',
      '/no/such/page',
      '/%6eo-such-page',
      '/./x/../y',
      '/services/a/b/c/d',
    ];
    for (const path of strangers)
      expect({ path, ...(await get(path)) }).toEqual({ path, status: 404, location: undefined });
    expect(globalThis.renderedPageUrls).toEqual([]);
  });
});
