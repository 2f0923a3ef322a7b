import { describe, expect, it } from 'vitest';
import { usagePeriod } from './periods';

describe('usage periods', () => {
  it('counts the last 30 and 90 days including today', () => {
    expect(usagePeriod('last30', '2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(usagePeriod('last90', '2026-03-10')).toEqual({ from: '2025-12-11', to: '2026-03-10' });
  });

  it('this month runs from the first to today', () => {
    expect(usagePeriod('thisMonth', '2026-11-22')).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(usagePeriod('thisMonth', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });

  it('last month is the whole previous month, across years and leap days', () => {
    expect(usagePeriod('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(usagePeriod('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(usagePeriod('lastMonth', '2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});
