// The periods the usage chart offers. Days are calendar days as 'YYYY-MM-DD' (the API's format);
// "today" is the viewer's local date.

export const usagePresets = ['last30', 'last90', 'thisMonth', 'lastMonth'] as const;
export type UsagePreset = (typeof usagePresets)[number];

/** The server's default (loaded before entry), so the chart starts without a second request. */
export const defaultUsagePreset: UsagePreset = 'last90';

export interface Period {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The viewer's local calendar day. */
export function localDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Calendar arithmetic in UTC, so no daylight-saving hour shifts a day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function lastOfMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `${day.slice(0, 7)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

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
