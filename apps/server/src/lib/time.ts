/** Current time as ISO-8601 UTC text, the storage format of every timestamp column. */
export function nowIso(now: Date): string {
  return now.toISOString();
}

/**
 * Where the server reads "now" for rules that run on time (a rotated key's grace period, this
 * month's usage alert). The app holds one (`app.clock`); tests pass their own to move time on.
 */
export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };
