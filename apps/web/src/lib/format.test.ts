import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCalls,
  formatDate,
  formatPrice,
  slugId,
  slugify,
  splitSlugId,
  truncate,
} from './format';

describe('truncate', () => {
  it('keeps text of exactly 90 characters', () => {
    const text = 'a'.repeat(90);
    expect(truncate(text, 90)).toBe(text);
  });

  it('cuts 91 characters to 87 plus an ellipsis', () => {
    const result = truncate('b'.repeat(91), 90);
    expect(result).toBe(`${'b'.repeat(87)}…`);
    expect(Array.from(result)).toHaveLength(88);
  });

  it('uses 90 as the default limit and leaves short text alone', () => {
    expect(truncate('x'.repeat(100))).toBe(`${'x'.repeat(87)}…`);
    expect(truncate('Kurz')).toBe('Kurz');
    expect(truncate('')).toBe('');
  });

  it('never cuts a character in half', () => {
    const result = truncate('😀'.repeat(95), 90);
    expect(result).toBe(`${'😀'.repeat(87)}…`);
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

describe('formatPrice and formatAmount', () => {
  it('uses comma thousands, two decimals and the euro sign', () => {
    expect(formatPrice(1234)).toBe('1,234.00 €');
    expect(formatPrice(1234567.5)).toBe('1,234,567.50 €');
    expect(formatPrice(0.5)).toBe('0.50 €');
    expect(formatPrice(999.999)).toBe('1,000.00 €');
  });

  it('shows 0.00 for zero and empty values', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount('')).toBe('0.00');
    expect(formatAmount(null)).toBe('0.00');
    expect(formatAmount(undefined)).toBe('0.00');
    expect(formatAmount(Number.NaN)).toBe('0.00');
    expect(formatPrice(0)).toBe('0.00 €');
    expect(formatPrice(undefined)).toBe('0.00 €');
  });

  it('rounds half cents up despite binary floating point', () => {
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
  });

  it('accepts numeric strings and negative amounts', () => {
    expect(formatAmount('1234.5')).toBe('1,234.50');
    expect(formatAmount(-1234.5)).toBe('-1,234.50');
    expect(formatAmount(-0.001)).toBe('0.00');
  });
});

describe('formatCalls', () => {
  it('uses a dot as thousands separator', () => {
    expect(formatCalls(1234567)).toBe('1.234.567');
    expect(formatCalls(1000)).toBe('1.000');
    expect(formatCalls(999)).toBe('999');
    expect(formatCalls(0)).toBe('0');
    expect(formatCalls(null)).toBe('0');
    expect(formatCalls(14321)).toBe('14.321');
  });
});

describe('formatDate', () => {
  it('turns an ISO date into DD.MM.YYYY without a time zone shift', () => {
    expect(formatDate('2024-03-07')).toBe('07.03.2024');
    expect(formatDate('1999-12-31')).toBe('31.12.1999');
  });

  it('formats timestamps in local time', () => {
    const local = new Date(2025, 0, 2, 12, 0, 0);
    expect(formatDate(local.toISOString())).toBe('02.01.2025');
  });

  it('gives an empty string for missing or invalid dates', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
