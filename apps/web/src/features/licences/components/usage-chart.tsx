import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '@/lib/days';
import { formatCalls } from '@/lib/numbers';
import type { UsagePoint } from '../utils/chart-data';

/** The usage chart is 350 px high. */
export const CHART_HEIGHT = 350;

/**
 * Calls per day as an area chart. Its own module because recharts is large (~100 KB gzip):
 * usage-card.tsx loads it lazily, only on licences that are billed by usage.
 * Colours are the theme's tokens, so light and dark follow without a prop.
 */
export function UsageChart({ points, callsLabel }: { points: readonly UsagePoint[]; callsLabel: string }) {
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      {/* No keyboard layer: the chart is decorative next to its text alternative (usage-card). */}
      <AreaChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <defs>
          <linearGradient id="usage-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--primary)" stopOpacity={0.28} />
            <stop offset="100%" stopColor="var(--primary)" stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={{ stroke: 'var(--border)' }}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
          minTickGap={24}
          interval="preserveStartEnd"
        />
        <YAxis
          tickLine={false}
          axisLine={false}
          width={56}
          allowDecimals={false}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
          tickFormatter={(value: number) => formatCalls(value)}
        />
        <Tooltip
          cursor={{ stroke: 'var(--muted-foreground)', strokeDasharray: '4 4' }}
          contentStyle={{
            background: 'var(--card)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            color: 'var(--foreground)',
            fontSize: 13,
          }}
          labelStyle={{ color: 'var(--muted-foreground)', marginBottom: 2 }}
          labelFormatter={(_label, payload) => {
            const point = payload[0]?.payload as UsagePoint | undefined;
            return point ? formatDate(point.date) : '';
          }}
          formatter={(value) => [formatCalls(Number(value)), callsLabel]}
        />
        <Area
          type="monotone"
          dataKey="calls"
          name={callsLabel}
          stroke="var(--primary)"
          strokeWidth={2}
          fill="url(#usage-fill)"
          isAnimationActive={false}
          activeDot={{ r: 4, strokeWidth: 0, fill: 'var(--primary)' }}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
