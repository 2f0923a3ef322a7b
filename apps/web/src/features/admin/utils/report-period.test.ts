import { describe, expect, it } from 'vitest';
import {
  isDay,
  monthLabel,
  monthOf,
  monthPeriod,
  periodFromSearch,
  rangeProblem,
  recentMonths,
} from './report-period';

describe('admin report periods', () => {
  it('month presets: newest first, across the year end', () => {
    expect(recentMonths('2026-02-14', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(recentMonths('2026-11-30')).toHaveLength(12);
  });

  it('a month runs from the first to its last day', () => {
    expect(monthPeriod('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthPeriod('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthPeriod('2025-12')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('recognises a whole month, and nothing else, as a preset', () => {
    expect(monthOf({ from: '2026-10-01', to: '2026-10-31' })).toBe('2026-10');
    expect(monthOf({ from: '2026-10-01', to: '2026-10-30' })).toBeNull();
    expect(monthOf({ from: '2026-10-02', to: '2026-10-31' })).toBeNull();
  });

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

  it('checks a custom range', () => {
    expect(rangeProblem('', '2026-01-01')).toBe('required');
    expect(rangeProblem('2026-13-01', '2026-01-01')).toBe('invalid');
    expect(rangeProblem('2026-02-01', '2026-01-01')).toBe('order');
    expect(rangeProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
  });

  it('names months in the interface language', () => {
    expect(monthLabel('2026-11', 'de')).toBe('November 2026');
    expect(monthLabel('2026-03', 'de')).toBe('März 2026');
    expect(monthLabel('2026-03', 'en')).toBe('March 2026');
  });
});
