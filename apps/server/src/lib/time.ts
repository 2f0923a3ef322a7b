/** Current time as ISO-8601 UTC text, the storage format of every timestamp column. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

/** 'YYYY-MM-DD' of a date in UTC, the storage format of usage days. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}
