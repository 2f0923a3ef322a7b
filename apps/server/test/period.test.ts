import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysOf, monthOf, splitAtMonths } from '../src/lib/period.js';

describe('daysOf', () => {
  it('lists the same days as counting with dates, across month ends, leap days and years', () => {
    const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (start, length) => {
        const from = start.toISOString().slice(0, 10);
        const to = addDays(from, length);
        const expected = Array.from({ length: length + 1 }, (_, i) => addDays(from, i));
        expect(daysOf({ from, to })).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    expect(daysOf({ from: '2024-02-28', to: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysOf({ from: '2100-02-28', to: '2100-03-01' })).toEqual(['2100-02-28', '2100-03-01']);
    expect(daysOf({ from: '2026-01-02', to: '2026-01-01' })).toEqual([]);
  });
});

describe('splitAtMonths', () => {
  it('covers every day of the period exactly once, whole months as months', () => {
    const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (start, length) => {
        const period = { from: start.toISOString().slice(0, 10), to: addDays(start.toISOString().slice(0, 10), length) };
        const { months, days } = splitAtMonths(period);
        const covered = days.flatMap(daysOf);
        if (months) {
          for (let month = `${months.from}-01`; month.slice(0, 7) <= months.to; month = addDays(monthOf(month).to, 1)) {
            covered.push(...daysOf(monthOf(month)));
          }
        }
        expect(covered.sort()).toEqual(daysOf(period));
        // With whole months inside, what is left as days lies within the first or last month.
        if (months) for (const range of days) expect(monthOf(range.from).to >= range.to).toBe(true);
        else expect(days).toEqual([period]);
      }),
      { numRuns: 300 },
    );
    expect(splitAtMonths({ from: '2026-01-15', to: '2026-03-10' })).toEqual({
      months: { from: '2026-02', to: '2026-02' },
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-03-01', to: '2026-03-10' },
      ],
    });
    expect(splitAtMonths({ from: '2026-10-01', to: '2026-10-31' })).toEqual({ months: { from: '2026-10', to: '2026-10' }, days: [] });
  });
});
