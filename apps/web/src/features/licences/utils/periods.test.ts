import { describe, expect, it } from 'vitest';
import { addDays, lastOfMonth, localDay, usagePeriod } from './periods';

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

  it('adds days across month ends and daylight-saving changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 3)).toBe('2026-10-27');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(lastOfMonth('2026-02-10')).toBe('2026-02-28');
  });

  it('takes the local calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
