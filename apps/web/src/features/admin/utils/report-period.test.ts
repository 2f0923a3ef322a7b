import { describe, expect, it } from 'vitest';
import { customRangeSchema, periodFromSearch } from './report-period';

const problems = (from: string, to: string) => {
  const result = customRangeSchema.safeParse({ from, to });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('admin report periods', () => {
  it('reads only a valid, ordered period from the address', () => {
    expect(periodFromSearch(new URLSearchParams('from=2026-01-01&to=2026-03-31'))).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(periodFromSearch(new URLSearchParams('from=2026-03-01&to=2026-01-01'))).toBeNull();
    expect(periodFromSearch(new URLSearchParams('from=2026-02-30&to=2026-03-01'))).toBeNull();
    expect(periodFromSearch(new URLSearchParams('from=2026-01-01'))).toBeNull();
    expect(periodFromSearch(new URLSearchParams(''))).toBeNull();
  });

  it('checks a typed custom range field by field', () => {
    expect(problems('01.01.2026', '31.01.2026')).toEqual({});
    expect(problems('01.01.2026', '01.01.2026')).toEqual({});
    expect(problems('', '31.01.2026')).toEqual({ from: 'dateRequired' });
    expect(problems('2026-01-01', '31.02.2026')).toEqual({ from: 'dateInvalid', to: 'dateInvalid' });
  });

  it('puts an end before the start on the end field', () => {
    expect(problems('10.03.2026', '01.03.2026')).toEqual({ to: 'rangeOrder' });
  });
});
