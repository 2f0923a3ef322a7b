import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatCalls, formatPrice } from './numbers';

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
    expect(formatAmount(-1.005)).toBe('-1.01');
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
    expect(formatCalls(-1234)).toBe('-1.234');
    expect(formatCalls('2.5')).toBe('3');
  });
});

// The screens' formats are en-US's and de-DE's; written by hand for speed (see numbers.ts), they
// must say exactly what Intl.NumberFormat says, for any value up to a trillion.
describe('the same text as Intl.NumberFormat', () => {
  const amountFormat = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  });
  const callsFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0, signDisplay: 'negative' });
  const values = fc.oneof(
    fc.double({ min: -1e12, max: 1e12, noNaN: true }),
    fc.integer({ min: -1e9, max: 1e9 }).map((cents) => cents / 100),
  );

  it('for amounts', () => {
    fc.assert(
      fc.property(values, (value) => {
        const cents = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
        expect(formatAmount(value)).toBe(amountFormat.format((Math.sign(value) * cents) / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it('for calls', () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(formatCalls(value)).toBe(callsFormat.format(Math.round(value)));
      }),
      { numRuns: 2000 },
    );
    expect(formatCalls(2 ** 53)).toBe('9.007.199.254.740.992');
  });
});
