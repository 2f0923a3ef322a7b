// Calendar days and periods for the whole web app. A day is written as the API writes it,
// 'YYYY-MM-DD'; arithmetic runs in UTC, so no daylight-saving hour ever shifts a day; "today"
// is the viewer's local date. Shown to people, a day reads DD.MM.YYYY in both languages
// (docs/domain.md#display-formats).

export interface Period {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar day in the API's format ('2026-02-30' is not). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The viewer's local calendar day. */
export function localDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

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

/** 'YYYY-MM' → its first and last day. */
export function monthPeriod(month: string): Period {
  return { from: `${month}-01`, to: lastOfMonth(`${month}-01`) };
}

/** The month of `today` (the viewer's) and the `count - 1` before it, newest first: ['2026-11', '2026-10', …]. */
export function recentMonths(today: string = localDay(), count = 12): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1 - i, 1));
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
  });
}

/** The whole month a period covers exactly, or null for any other range. */
export function monthOf(period: Period): string | null {
  const month = period.from.slice(0, 7);
  const whole = monthPeriod(month);
  return whole.from === period.from && whole.to === period.to ? month : null;
}

/** 'November 2026' in the interface language. */
export function monthLabel(month: string, language: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNumber - 1, 1)),
  );
}

/**
 * ISO date (YYYY-MM-DD) or timestamp → DD.MM.YYYY; '' when it is not a date. A plain date is
 * taken as written (no time zone shift); a timestamp is shown in the viewer's local time.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (plain) return `${plain[3]}.${plain[2]}.${plain[1]}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/**
 * A day typed as people write it, DD.MM.YYYY (one-digit day and month allowed: 1.3.2026), →
 * 'YYYY-MM-DD'; null when it is not a real calendar day.
 */
export function parseDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const day = `${match[3]}-${pad(Number(match[2]))}-${pad(Number(match[1]))}`;
  return isDay(day) ? day : null;
}
