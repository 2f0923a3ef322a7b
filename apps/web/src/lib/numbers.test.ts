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
