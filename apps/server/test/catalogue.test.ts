import { brotliDecompressSync } from 'node:zlib';
import { startNamespaces } from '@portal/translations/namespaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertTranslations } from '../src/modules/translation/translation.repository.js';
import { readShippedTranslations } from '../src/modules/translation/shipped-translations.js';
import { buildTestApp, createService, type TestContext } from './helper.js';

interface ServiceItem {
  id: string;
  key: string;
  name: { de: string; en: string };
  pricePer1000Calls: number;
}

describe('public catalogue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
    await createService(ctx.db, {
      id: 'svcA',
      nameDe: 'Zebra-Prüfung',
      nameEn: 'Apple check',
      pricePer1000Calls: 1234,
    });
    await createService(ctx.db, { id: 'svcB', nameDe: 'Äpfel-Dienst', nameEn: 'Zulu service' });
    await createService(ctx.db, { id: 'svcC', nameDe: 'Mitte', nameEn: 'Middle' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists services ordered by the name in the request language', async () => {
    const de = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service?orderby=name' });
    expect(de.statusCode).toBe(200);
    expect(de.json<ServiceItem[]>().map((s) => s.id)).toEqual(['svcB', 'svcC', 'svcA']);
    const en = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/service?orderby=name',
      headers: { 'content-language': 'en' },
    });
    expect(en.json<ServiceItem[]>().map((s) => s.id)).toEqual(['svcA', 'svcC', 'svcB']);
  });

  it('shows prices in euros rounded to cents and carries a key on every item', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service' });
    const a = res.json<ServiceItem[]>().find((s) => s.id === 'svcA');
    expect(a?.pricePer1000Calls).toBe(12.34);
    expect(a?.key).toBe('svcA');
  });

  it('returns one service, 404 for an unknown id and 400 for an id of the wrong shape', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/svcA' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<ServiceItem & { gallery: unknown[] }>().gallery).toEqual([]);
    const missing = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/nope123' });
    expect(missing.statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service/bad-id%27' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('validation');
  });

  it('rejects an unknown orderby', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service?orderby=price' });
    expect(res.statusCode).toBe(400);
  });

  it('returns translations for a list of namespaces in both languages', async () => {
    await upsertTranslations(ctx.db, [
      { namespace: 'Navigation', id: 'services', de: 'Services', en: 'Services' },
      { namespace: 'Footer', id: 'contact', de: 'Kontakt', en: 'Contact' },
      { namespace: 'Other', id: 'x', de: 'X', en: 'X' },
    ]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/translation?namespace[]=Navigation&namespace[]=Footer',
    });
    expect(res.statusCode).toBe(200);
    const items = res.json<Array<{ namespace: string; id: string; de: string; en: string }>>();
    expect(items.map((i) => `${i.namespace}.${i.id}`).sort()).toEqual([
      'Footer.contact',
      'Navigation.services',
    ]);
    const comma = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/translation?namespace=Navigation,Footer',
    });
    expect(comma.json<unknown[]>()).toHaveLength(2);
  });

  it('sends larger answers compressed to a client that accepts it', async () => {
    await upsertTranslations(
      ctx.db,
      Array.from({ length: 60 }, (_, i) => ({
        namespace: 'Big',
        id: `text${i}`,
        de: `Deutscher Text ${i}`,
        en: `English text ${i}`,
      })),
    );
    const url = '/rest/collection/translation?namespace[]=Big';
    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('rejects a missing or malformed namespace list', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/rest/collection/translation' })).statusCode).toBe(
      400,
    );
    const bad = await ctx.app.inject({ method: 'GET', url: "/rest/collection/translation?namespace=x'--" });
    expect(bad.statusCode).toBe(400);
  });
});

describe('shipped translations', () => {
  it('exist for every namespace the web app loads at start, in German and English', () => {
    const rows = readShippedTranslations();
    const namespaces = new Set(rows.map((r) => r.namespace));
    for (const ns of startNamespaces) {
      expect(namespaces.has(ns), ns).toBe(true);
    }
    for (const row of rows) {
      expect(row.de.trim(), `${row.namespace}.${row.id} de`).not.toBe('');
      expect(row.en.trim(), `${row.namespace}.${row.id} en`).not.toBe('');
    }
  });
});
