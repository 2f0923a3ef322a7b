import { addDays, isoDay } from './time.js';
import { validation } from './http-error.js';
import { fieldMessage } from './error-messages.js';
import type { Language } from './language.js';

export interface Period {
  from: string;
  to: string;
}

/** First and last day of the calendar month (UTC) containing `day`. */
export function monthOf(day: string): Period {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const month = String(m).padStart(2, '0');
  return { from: `${y}-${month}-01`, to: `${y}-${month}-${String(last).padStart(2, '0')}` };
}

export function currentMonth(now = new Date()): Period {
  return monthOf(isoDay(now));
}

/** 'YYYY-MM' of every calendar month that touches [from, to]. */
export function monthsTouching(period: Period): string[] {
  const months: string[] = [];
  let cursor = monthOf(period.from).from;
  while (cursor <= period.to) {
    months.push(cursor.slice(0, 7));
    cursor = addDays(monthOf(cursor).to, 1);
  }
  return months;
}

export function isRealDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDay(d) === day;
}

/**
 * A period from optional query values: both given, or the default. Rejects impossible dates,
 * from after to, and periods longer than `maxDays`.
 */
export function resolvePeriod(
  query: { from?: string | undefined; to?: string | undefined },
  fallback: Period,
  language: Language,
  maxDays = 3660,
): Period {
  const from = query.from ?? (query.to ? undefined : fallback.from);
  const to = query.to ?? (query.from ? undefined : fallback.to);
  const problems: Record<string, string> = {};
  if (!from || !isRealDay(from)) problems.from = fieldMessage(from ? 'invalid' : 'required', language);
  if (!to || !isRealDay(to)) problems.to = fieldMessage(to ? 'invalid' : 'required', language);
  if (from && to && !problems.from && !problems.to) {
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0 || days > maxDays) problems.to = fieldMessage('invalid', language);
  }
  if (Object.keys(problems).length > 0 || !from || !to) throw validation(problems);
  return { from, to };
}
