import { addDays, firstOfMonth, type Period } from '@/lib/days';

// The periods the usage chart offers, counted back from the viewer's today.

export const usagePresets = ['last30', 'last90', 'thisMonth', 'lastMonth'] as const;
export type UsagePreset = (typeof usagePresets)[number];

/** The server's default (loaded before entry), so the chart starts without a second request. */
export const defaultUsagePreset: UsagePreset = 'last90';

/** The period of a preset, counted back from `today` (inclusive). */
export function usagePeriod(preset: UsagePreset, today: string): Period {
  switch (preset) {
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: firstOfMonth(today), to: today };
    case 'lastMonth': {
      const dayInLastMonth = addDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(dayInLastMonth), to: dayInLastMonth };
    }
  }
}
