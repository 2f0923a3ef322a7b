import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDate,
  isDay,
  lastOfMonth,
  localDay,
  monthLabel,
  monthOf,
  monthPeriod,
  parseDate,
  recentMonths,
} from './days';

describe('day arithmetic', () => {
  it('adds days across month ends and daylight-saving changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 3)).toBe('2026-10-27');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(lastOfMonth('2026-02-10')).toBe('2026-02-28');
  });

  it('takes the local calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('knows real calendar days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2026-1-5')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('months', () => {
  it('month presets: newest first, across the year end', () => {
    expect(recentMonths('2026-02-14', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(recentMonths('2026-11-30')).toHaveLength(12);
  });

  it('a month runs from the first to its last day', () => {
    expect(monthPeriod('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthPeriod('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthPeriod('2025-12')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('recognises a whole month, and nothing else', () => {
    expect(monthOf({ from: '2026-10-01', to: '2026-10-31' })).toBe('2026-10');
    expect(monthOf({ from: '2026-10-01', to: '2026-10-30' })).toBeNull();
    expect(monthOf({ from: '2026-10-02', to: '2026-10-31' })).toBeNull();
  });

  it('names months in the interface language', () => {
    expect(monthLabel('2026-11', 'de')).toBe('November 2026');
    expect(monthLabel('2026-03', 'de')).toBe('März 2026');
    expect(monthLabel('2026-03', 'en')).toBe('March 2026');
  });
});

describe('parseDate', () => {
  it('reads DD.MM.YYYY, also with one-digit day and month', () => {
    expect(parseDate('07.03.2026')).toBe('2026-03-07');
    expect(parseDate(' 1.3.2026 ')).toBe('2026-03-01');
  });

  it('refuses what is not a real day in that format', () => {
    expect(parseDate('30.02.2026')).toBeNull();
    expect(parseDate('2026-03-07')).toBeNull();
    expect(parseDate('03/07/2026')).toBeNull();
    expect(parseDate('')).toBeNull();
  });

  it('round-trips with formatDate', () => {
    expect(parseDate(formatDate('2026-12-31'))).toBe('2026-12-31');
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
