import { validation } from './http-error.js';

// Days are 'YYYY-MM-DD' text in UTC, the storage format of usage days. Every day that enters
// the server is a real calendar day between FIRST_DAY and LAST_DAY (the contract's date schema),
// and every loop over days or months counts with numbers, never by comparing day strings, so
// none can run away. See docs/domain.md#dates.

const DAY_MS = 86_400_000;

export interface Period {
  from: string;
  to: string;
}

/** 'YYYY-MM-DD' of a date in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Days since 1970-01-01 (UTC) of a time in milliseconds. */
export const dayNumberOfTime = (ms: number): number => Math.floor(ms / DAY_MS);

/** The first and last instant of a period, as the timestamps stored with rows compare. */
export function periodTimestamps(period: Period): { fromTs: string; toTs: string } {
  return { fromTs: `${period.from}T00:00:00.000Z`, toTs: `${period.to}T23:59:59.999Z` };
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day. */
function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

export function addDays(day: string, days: number): string {
  return isoDay(new Date((dayNumber(day) + days) * DAY_MS));
}

/** Number of days in [from, to], both included (0 when to is before from). */
export function dayCount(period: Period): number {
  return Math.max(0, dayNumber(period.to) - dayNumber(period.from) + 1);
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const daysInMonth = (y: number, m: number): number => (m === 2 && isLeapYear(y) ? 29 : (MONTH_DAYS[m - 1] ?? 31));

/**
 * Every day of the period in order. Counted on from the first day without a Date per day: the
 * licence chart lists 90 days on every call.
 */
export function daysOf(period: Period): string[] {
  const count = dayCount(period);
  const days = new Array<string>(count);
  let [y, m, d] = period.from.split('-').map(Number) as [number, number, number];
  for (let i = 0; i < count; i++) {
    days[i] = `${y}-${pad2(m)}-${pad2(d)}`;
    if (++d > daysInMonth(y, m)) {
      d = 1;
      if (++m > 12) {
        m = 1;
        y += 1;
      }
    }
  }
  return days;
}

/** First and last day of the calendar month (UTC) containing `day`. */
export function monthOf(day: string): Period {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const month = String(m).padStart(2, '0');
  return { from: `${y}-${month}-01`, to: `${y}-${month}-${String(last).padStart(2, '0')}` };
}

/** The default period of a licence's chart and of its usage export: the last 90 days up to today. */
export function last90Days(now: Date): Period {
  const today = isoDay(now);
  return { from: addDays(today, -89), to: today };
}

export function currentMonth(now: Date): Period {
  return monthOf(isoDay(now));
}

/** A period cut into whole calendar months ('YYYY-MM', both included) and the days outside them. */
export interface MonthSplit {
  months: { from: string; to: string } | undefined;
  /** At most two ranges: before the first whole month and after the last one. */
  days: Period[];
}

/** Splits a period so that sums can be read per month where whole months are covered. */
export function splitAtMonths(period: Period): MonthSplit {
  if (dayCount(period) === 0) return { months: undefined, days: [] };
  const first = monthOf(period.from);
  const last = monthOf(period.to);
  const firstWhole = first.from === period.from ? first.from : addDays(first.to, 1);
  const lastWhole = last.to === period.to ? last.to : addDays(last.from, -1);
  if (firstWhole > lastWhole) return { months: undefined, days: [period] };
  const days: Period[] = [];
  if (period.from < firstWhole) days.push({ from: period.from, to: addDays(firstWhole, -1) });
  if (period.to > lastWhole) days.push({ from: addDays(lastWhole, 1), to: period.to });
  return { months: { from: firstWhole.slice(0, 7), to: lastWhole.slice(0, 7) }, days };
}

/** 'YYYY-MM' of every calendar month that touches [from, to]. */
export function monthsTouching(period: Period): string[] {
  const [fromYear, fromMonth] = period.from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = period.to.split('-').map(Number) as [number, number];
  const count = Math.max(0, (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1);
  return Array.from({ length: count }, (_, i) => {
    const monthIndex = fromMonth - 1 + i;
    const year = fromYear + Math.floor(monthIndex / 12);
    return `${year}-${String((monthIndex % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * A period from optional query values (already real days in range, checked by the schema): both
 * given, or neither for the default. Refuses one without the other, `to` before `from`, and
 * periods longer than `maxDays`.
 */
export function resolvePeriod(
  query: { from?: string | undefined; to?: string | undefined },
  fallback: Period,
  maxDays = 3660,
): Period {
  if (query.from === undefined && query.to === undefined) return fallback;
  if (query.from === undefined) throw validation({ from: 'required' });
  if (query.to === undefined) throw validation({ to: 'required' });
  const period = { from: query.from, to: query.to };
  const days = dayCount(period);
  if (days === 0 || days > maxDays) throw validation({ to: 'invalid' });
  return period;
}
