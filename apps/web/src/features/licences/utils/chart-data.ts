import { addDays, type Period } from '@/lib/days';

export interface UsagePoint {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'DD.MM.' for the axis. */
  label: string;
  calls: number;
}

/**
 * callsPerDate (day → count) as chart points: one per day of the period, in order, zero for a
 * day without an entry (the API sends every day, but a chart must never skip one silently),
 * days outside the period dropped.
 */
export function toChartData(callsPerDate: Readonly<Record<string, number>>, period: Period): UsagePoint[] {
  const points: UsagePoint[] = [];
  // Bounded: the API allows at most two years per request.
  for (let day = period.from, n = 0; day <= period.to && n < 800; day = addDays(day, 1), n += 1) {
    const calls = callsPerDate[day];
    points.push({
      date: day,
      label: `${day.slice(8, 10)}.${day.slice(5, 7)}.`,
      calls: typeof calls === 'number' && Number.isFinite(calls) ? calls : 0,
    });
  }
  return points;
}

export interface UsageSummary {
  total: number;
  /** The busiest day, null when nothing was counted. */
  peak: { date: string; calls: number } | null;
  averagePerDay: number;
}

export function summarizeUsage(points: readonly UsagePoint[]): UsageSummary {
  let total = 0;
  let peak: UsageSummary['peak'] = null;
  for (const point of points) {
    total += point.calls;
    if (point.calls > 0 && (!peak || point.calls > peak.calls))
      peak = { date: point.date, calls: point.calls };
  }
  return { total, peak, averagePerDay: points.length ? Math.round(total / points.length) : 0 };
}
