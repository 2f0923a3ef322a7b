import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueChanged } from '../src/modules/catalogue/catalogue-changes.js';
import { buildTestApp, createService, type TestContext } from './helper.js';

// Catalogue answers are kept in memory as finished bytes with an ETag, per language, until the
// catalogue changes. Cross-instance invalidation is in scale-out.test.ts.

interface ServiceItem {
  id: string;
  name: { de: string; en: string };
}

const list = '/rest/collection/service?orderby=name';

describe('cached catalogue answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
    await createService(ctx.db, { id: 'cacheA', nameDe: 'Zebra', nameEn: 'Apple' });
    await createService(ctx.db, { id: 'cacheB', nameDe: 'Apfel', nameEn: 'Zulu' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const rename = (id: string, nameDe: string) =>
    ctx.db.updateTable('service').set({ nameDe }).where('id', '=', id).execute();

  it('answers 304 without a body when the client already has the current answer', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: list });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await ctx.app.inject({ method: 'GET', url: list, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, no-cache');
    // A weak form of the same tag, or one of several, matches too; another tag does not.
    const weak = await ctx.app.inject({ method: 'GET', url: list, headers: { 'if-none-match': `"x", W/${etag}` } });
    expect(weak.statusCode).toBe(304);
    const other = await ctx.app.inject({ method: 'GET', url: list, headers: { 'if-none-match': '"x"' } });
    expect(other.statusCode).toBe(200);
    expect(other.json<ServiceItem[]>().map((s) => s.id)).toEqual(['cacheB', 'cacheA']);
  });

  it('keeps one answer per language, each with its own ETag', async () => {
    const de = await ctx.app.inject({ method: 'GET', url: list });
    const en = await ctx.app.inject({ method: 'GET', url: list, headers: { 'content-language': 'en' } });
    expect(en.json<ServiceItem[]>().map((s) => s.id)).toEqual(['cacheA', 'cacheB']);
    expect(en.headers.etag).not.toBe(de.headers.etag);
    expect(String(en.headers.vary)).toContain('accept-language');
    // The German copy is not current for an English reader.
    const enWithDeTag = await ctx.app.inject({
      method: 'GET',
      url: list,
      headers: { 'content-language': 'en', 'if-none-match': de.headers.etag as string },
    });
    expect(enWithDeTag.statusCode).toBe(200);
  });

  it('serves the kept answer until the catalogue changes, then the new one with a new ETag', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/cacheA' });
    expect(before.json<ServiceItem>().name.de).toBe('Zebra');
    await rename('cacheA', 'Zebra neu');
    // Written behind the portal's back: still the kept answer.
    const stale = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/cacheA' });
    expect(stale.json<ServiceItem>().name.de).toBe('Zebra');

    await catalogueChanged(ctx.app.changes);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/service/cacheA',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<ServiceItem>().name.de).toBe('Zebra neu');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const sorted = await ctx.app.inject({ method: 'GET', url: list });
    expect(sorted.json<ServiceItem[]>().map((s) => s.name.de)).toEqual(['Apfel', 'Zebra neu']);
  });

  it('finds a service added after its id was asked for', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/cacheC' });
    expect(missing.statusCode).toBe(404);
    await createService(ctx.db, { id: 'cacheC' });
    await catalogueChanged(ctx.app.changes);
    const found = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/cacheC' });
    expect(found.statusCode).toBe(200);
  });

  it('sends the body compressed as the client accepts it', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: list });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toContain('accept-encoding');
    const br = await ctx.app.inject({ method: 'GET', url: list, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await ctx.app.inject({ method: 'GET', url: list, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('caches price packages and legal pages alike', async () => {
    for (const url of ['/rest/collection/price_package', '/rest/collection/rechtliches']) {
      const first = await ctx.app.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
      expect(again.statusCode, url).toBe(304);
    }
  });
});
