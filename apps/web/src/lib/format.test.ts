import { describe, expect, it } from 'vitest';
import { slugId, slugify, splitSlugId, truncate } from './format';
import { plainTextExcerpt } from './plain-text-excerpt';

describe('truncate', () => {
  it('keeps text of exactly 90 characters', () => {
    const text = 'a'.repeat(90);
    expect(truncate(text, 90)).toBe(text);
  });

  it("cuts 91 characters to 87 plus '...', 90 in all", () => {
    const result = truncate('b'.repeat(91), 90);
    expect(result).toBe(`${'b'.repeat(87)}...`);
    expect(Array.from(result)).toHaveLength(90);
  });

  it('uses 90 as the default limit and leaves short text alone', () => {
    expect(truncate('x'.repeat(100))).toBe(`${'x'.repeat(87)}...`);
    expect(truncate('Kurz')).toBe('Kurz');
    expect(truncate('')).toBe('');
  });

  it('cuts between words, never inside one, within the limit', () => {
    // 80 characters of words, then "Deutschland" across the 87th character.
    const description = `${'Wort '.repeat(16)}Deutschland und Österreich.`;
    const result = truncate(description, 90);
    expect(result).toBe(`${'Wort '.repeat(16).trimEnd()}...`);
    expect(Array.from(result).length).toBeLessThanOrEqual(90);
    // A cut right before a space keeps the whole last word; punctuation before the dots goes.
    expect(truncate('abc, defg hij', 10)).toBe('abc...');
    expect(truncate('abcd efg hijk', 12)).toBe('abcd efg...');
  });

  it('never cuts a character in half', () => {
    const result = truncate('😀'.repeat(95), 90);
    expect(result).toBe(`${'😀'.repeat(87)}...`);
  });
});

describe('slugify', () => {
  it('spells out umlauts and ß', () => {
    expect(slugify('Adressprüfung für Größen')).toBe('adresspruefung-fuer-groessen');
    expect(slugify('ÄÖÜ äöü ß')).toBe('aeoeue-aeoeue-ss');
  });

  it('turns other runs of non-alphanumerics into one dash and trims', () => {
    expect(slugify('  Captcha  Pro (v2)!  ')).toBe('captcha-pro-v2');
    expect(slugify('E-Mail--Validierung')).toBe('e-mail-validierung');
    expect(slugify('Café Crème')).toBe('cafe-creme');
    expect(slugify('!!!')).toBe('');
  });
});

describe('slugId and splitSlugId', () => {
  it('builds {slug}-{id}', () => {
    expect(slugId('Geo Daten', 'abc123')).toBe('geo-daten-abc123');
    expect(slugId('***', 'abc123')).toBe('abc123');
  });

  it('splits at the last dash', () => {
    expect(splitSlugId('e-mail-validierung-Xy12')).toEqual({ slug: 'e-mail-validierung', id: 'Xy12' });
    expect(splitSlugId('/captcha-pro-abc')).toEqual({ slug: 'captcha-pro', id: 'abc' });
    expect(splitSlugId('x-abc')).toEqual({ slug: 'x', id: 'abc' });
  });

  it('takes a segment without a dash as the id', () => {
    expect(splitSlugId('abc123')).toEqual({ slug: '', id: 'abc123' });
  });

  it('rejects an empty or invalid id', () => {
    expect(splitSlugId('name-')).toBeNull();
    expect(splitSlugId('')).toBeNull();
    expect(splitSlugId('name-ab_c')).toBeNull();
  });

  it('round-trips', () => {
    const built = slugId('Straßen & Plätze', 'Q9z');
    expect(splitSlugId(built)).toEqual({ slug: 'strassen-plaetze', id: 'Q9z' });
  });
});

describe('plainTextExcerpt', () => {
  it('keeps the text of rich text, without tags, entities or runs of white space', () => {
    expect(
      plainTextExcerpt('<h2>Impressum</h2>\n<p>Müller &amp; Söhne<br>Straße&nbsp;1 &#8211; Berlin</p>'),
    ).toBe('Impressum Müller & Söhne Straße 1 – Berlin');
  });

  it('cuts long text at the limit and never leaves markup in it', () => {
    const excerpt = plainTextExcerpt(`<p>${'Wort '.repeat(100)}</p><script>x</script>`, 40);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(40);
    expect(excerpt).toMatch(/ Wort\.\.\.$/);
    expect(excerpt).not.toMatch(/[<>]/);
    expect(plainTextExcerpt('<p>Text</p><script>alert(1)</script><style>p{}</style>')).toBe('Text');
  });
});
