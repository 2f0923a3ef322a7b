import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceSummary } from '@portal/contract/service';
import { buildTestApp, createService, type TestContext } from './helper.js';

// Search and category filter of the catalogue's list (docs/domain.md#catalogue-search): words
// in name or short description of either language, case and umlauts ignored, no character with
// a special meaning, and the category an admin set.

describe('catalogue search', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const street = await createService(ctx.db, { nameDe: 'Straßenprüfung', nameEn: 'Street check' });
    const big = await createService(ctx.db, { nameDe: 'Großkunden-Export', nameEn: 'Key account export' });
    const people = await createService(ctx.db, {
      nameDe: 'Müller-Verzeichnis 100%',
      nameEn: 'Miller directory',
    });
    await ctx.db
      .updateTable('service')
      .set({ category: 'address' })
      .where('id', 'in', [street, people])
      .execute();
    await ctx.db
      .updateTable('service')
      .set({ category: 'data', descriptionShortEn: 'Exports_for_BI' })
      .where('id', '=', big)
      .execute();
  });
  afterAll(async () => ctx.close());

  const names = async (query: string, language = 'de') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/rest/collection/service?orderby=name&${query}`,
      headers: { 'content-language': language },
    });
    expect(res.statusCode, query).toBe(200);
    return res.json<ServiceSummary[]>().map((s) => s.name.de);
  };

  it('finds words case- and umlaut-insensitively in either language', async () => {
    expect(await names('q=strasse')).toEqual(['Straßenprüfung']);
    expect(await names('q=STRAßE')).toEqual(['Straßenprüfung']);
    expect(await names('q=gross')).toEqual(['Großkunden-Export']);
    expect(await names('q=mueller')).toEqual(['Müller-Verzeichnis 100%']);
    expect(await names('q=muller')).toEqual(['Müller-Verzeichnis 100%']);
    expect(await names('q=pruefung')).toEqual(['Straßenprüfung']);
    expect(await names('q=street%20check', 'en')).toEqual(['Straßenprüfung']);
    expect(await names('q=kurzbeschreibung')).toHaveLength(3);
    expect(await names('q=nothing-like-this')).toEqual([]);
  });

  it('gives wildcard characters no meaning', async () => {
    expect(await names('q=%25')).toEqual(['Müller-Verzeichnis 100%']);
    expect(await names('q=_')).toEqual(['Großkunden-Export']);
    expect(await names('q=.*')).toEqual([]);
  });

  it('keeps one category, with or without words, and refuses a malformed one', async () => {
    expect(await names('category=address')).toEqual(['Müller-Verzeichnis 100%', 'Straßenprüfung']);
    expect(await names('category=address&q=strasse')).toEqual(['Straßenprüfung']);
    expect(await names('category=captcha')).toEqual([]);
    const bad = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service?category=%25%27' });
    expect(bad.statusCode).toBe(400);
    const long = await ctx.app.inject({
      method: 'GET',
      url: `/rest/collection/service?q=${'a'.repeat(101)}`,
    });
    expect(long.statusCode).toBe(400);
  });

  it('answers the whole list as before without a filter', async () => {
    expect(await names('')).toHaveLength(3);
  });
});
