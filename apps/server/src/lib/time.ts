/** Current time as ISO-8601 UTC text, the storage format of every timestamp column. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
