// Periods of the admin report: whole calendar months (the presets) or any custom range, kept in
// the address (?from=YYYY-MM-DD&to=YYYY-MM-DD) so a report can be bookmarked and shared.

export interface ReportPeriod {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day in the API's format ('2026-02-30' is not). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !isoDay.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function localDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM' → its first and last day. */
export function monthPeriod(month: string): ReportPeriod {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/** The month of `today` and the `count - 1` before it, newest first: ['2026-11', '2026-10', …]. */
export function recentMonths(today: string, count = 12): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1 - i, 1));
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
  });
}

/** The whole month a period covers exactly, or null for any other range. */
export function monthOf(period: ReportPeriod): string | null {
  const month = period.from.slice(0, 7);
  const whole = monthPeriod(month);
  return whole.from === period.from && whole.to === period.to ? month : null;
}

/** A valid period from the address, or null (then the server's default, this month, applies). */
export function periodFromSearch(search: URLSearchParams): ReportPeriod | null {
  const from = search.get('from');
  const to = search.get('to');
  return isDay(from) && isDay(to) && from <= to ? { from, to } : null;
}

export type RangeProblem = 'required' | 'invalid' | 'order';

/** Checks a custom range before it is applied. */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  if (!from || !to) return 'required';
  if (!isDay(from) || !isDay(to)) return 'invalid';
  return from <= to ? null : 'order';
}

/** 'November 2026' in the interface language. */
export function monthLabel(month: string, language: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNumber - 1, 1)),
  );
}
