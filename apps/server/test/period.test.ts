import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysOf } from '../src/lib/period.js';

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
