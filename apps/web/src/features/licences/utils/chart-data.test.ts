import { describe, expect, it } from 'vitest';
import { summarizeUsage, toChartData } from './chart-data';

describe('usage chart data', () => {
  it('gives one point per day in order, with zero for missing days', () => {
    const points = toChartData(
      { '2026-11-03': 7, '2026-11-01': 5, '2026-10-31': 99, '2026-11-05': 1 },
      { from: '2026-11-01', to: '2026-11-04' },
    );
    expect(points).toEqual([
      { date: '2026-11-01', label: '01.11.', calls: 5 },
      { date: '2026-11-02', label: '02.11.', calls: 0 },
      { date: '2026-11-03', label: '03.11.', calls: 7 },
      { date: '2026-11-04', label: '04.11.', calls: 0 },
    ]);
  });

  it('crosses month and year ends', () => {
    const points = toChartData({}, { from: '2025-12-30', to: '2026-01-02' });
    expect(points.map((p) => p.label)).toEqual(['30.12.', '31.12.', '01.01.', '02.01.']);
  });

  it('is empty for an inverted period', () => {
    expect(toChartData({ '2026-01-01': 1 }, { from: '2026-01-02', to: '2026-01-01' })).toEqual([]);
  });

  it('summarizes total, peak day and average', () => {
    const points = toChartData(
      { '2026-11-01': 10, '2026-11-02': 30, '2026-11-03': 20 },
      { from: '2026-11-01', to: '2026-11-04' },
    );
    expect(summarizeUsage(points)).toEqual({
      total: 60,
      peak: { date: '2026-11-02', calls: 30 },
      averagePerDay: 15,
    });
    expect(summarizeUsage(toChartData({}, { from: '2026-11-01', to: '2026-11-02' }))).toEqual({
      total: 0,
      peak: null,
      averagePerDay: 0,
    });
  });
});
