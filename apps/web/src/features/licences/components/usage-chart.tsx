import { curveMonotoneX } from '@visx/curve';
import { localPoint } from '@visx/event';
import { scaleLinear } from '@visx/scale';
import { AreaClosed, LinePath } from '@visx/shape';
import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { formatDate } from '@/lib/days';
import { formatCalls } from '@/lib/numbers';
import type { UsagePoint } from '../utils/chart-data';

/** The usage chart is 350 px high. */
export const CHART_HEIGHT = 350;

const MARGIN = { top: 8, right: 8, bottom: 28, left: 56 };
/** Room an axis label needs ('DD.MM.' at 12 px) with a gap to the next. */
const X_LABEL_SPACING = 64;
const TICK_TEXT = { fill: 'var(--muted-foreground)', fontSize: 12 } as const;

/** The width the chart's box has, followed as it changes (the card resizes with the window). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Indexes of the days labelled on the time axis: evenly spaced, the first and last always. */
function labelledDays(count: number, innerWidth: number): number[] {
  if (count === 0) return [];
  const step = Math.max(1, Math.ceil(count / Math.max(1, Math.floor(innerWidth / X_LABEL_SPACING))));
  const days: number[] = [];
  for (let i = 0; i < count - 1; i += step) days.push(i);
  // The last day too; its label ends at the edge, so one closer than a label's room before it goes.
  const dayWidth = innerWidth / Math.max(1, count - 1);
  const before = days.at(-1);
  if (before !== undefined && before > 0 && (count - 1 - before) * dayWidth < X_LABEL_SPACING) days.pop();
  days.push(count - 1);
  return days;
}

/**
 * Calls per day as an area chart, drawn as SVG with visx's shapes and scales (its chunk is about
 * 16 KB gzip; recharts' was 104 KB: docs/performance.md, "The usage chart"). Its own module all
 * the same: usage-card.tsx loads it lazily, only on licences that are billed by usage. Colours
 * are the theme's tokens, so light and dark follow without a prop. A pointer over it shows the
 * day's calls; the card's text beside it says what the picture shows, for everyone.
 */
export function UsageChart({ points, callsLabel }: { points: readonly UsagePoint[]; callsLabel: string }) {
  const { ref, width } = useWidth();
  const { tooltipData, tooltipLeft, tooltipTop, showTooltip, hideTooltip } = useTooltip<number>();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleLinear({ domain: [0, Math.max(1, points.length - 1)], range: [0, innerWidth] });
  const y = scaleLinear({
    domain: [0, Math.max(1, ...points.map((p) => p.calls))],
    range: [innerHeight, 0],
    nice: true,
  });
  const yTicks = y.ticks(5).filter((tick) => Number.isInteger(tick));
  // The area and its line share the data and where each day lies.
  const series = {
    data: [...points],
    x: (_: UsagePoint, index: number) => x(index),
    y: (point: UsagePoint) => y(point.calls),
    curve: curveMonotoneX,
  };
  const active = tooltipData === undefined ? undefined : points[tooltipData];

  const follow = (event: PointerEvent<SVGRectElement>) => {
    const at = localPoint(event);
    if (!at || points.length === 0) return;
    const index = Math.min(points.length - 1, Math.max(0, Math.round(x.invert(at.x - MARGIN.left))));
    const point = points[index];
    if (!point) return;
    showTooltip({ tooltipData: index, tooltipLeft: MARGIN.left + x(index), tooltipTop: MARGIN.top + y(point.calls) });
  };

  return (
    <div ref={ref} className="relative h-[350px] w-full" data-testid="usage-chart">
      {width > 0 ? (
        <svg width={width} height={CHART_HEIGHT} className="block">
          <defs>
            <linearGradient id="usage-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--primary)" stopOpacity={0.28} />
              <stop offset="100%" stopColor="var(--primary)" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {yTicks.map((tick) => (
              <g key={tick} transform={`translate(0,${y(tick)})`}>
                <line x1={0} x2={innerWidth} stroke="var(--border)" />
                <text x={-8} dy="0.32em" textAnchor="end" {...TICK_TEXT}>
                  {formatCalls(tick)}
                </text>
              </g>
            ))}
            <line x1={0} x2={innerWidth} y1={innerHeight} y2={innerHeight} stroke="var(--border)" />
            {labelledDays(points.length, innerWidth).map((index) => (
              <text
                key={index}
                x={x(index)}
                y={innerHeight + 18}
                textAnchor={index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle'}
                {...TICK_TEXT}
              >
                {points[index]?.label}
              </text>
            ))}
            <AreaClosed<UsagePoint> {...series} yScale={y} fill="url(#usage-fill)" />
            <LinePath<UsagePoint> {...series} stroke="var(--primary)" strokeWidth={2} />
            {active && tooltipData !== undefined ? (
              <g pointerEvents="none">
                <line
                  x1={x(tooltipData)}
                  x2={x(tooltipData)}
                  y1={0}
                  y2={innerHeight}
                  stroke="var(--muted-foreground)"
                  strokeDasharray="4 4"
                />
                <circle cx={x(tooltipData)} cy={y(active.calls)} r={4} fill="var(--primary)" />
              </g>
            ) : null}
            <rect
              width={innerWidth}
              height={innerHeight}
              fill="transparent"
              onPointerMove={follow}
              onPointerDown={follow}
              onPointerLeave={hideTooltip}
            />
          </g>
        </svg>
      ) : null}
      {active ? (
        <TooltipWithBounds
          left={tooltipLeft}
          top={tooltipTop}
          unstyled
          applyPositionStyle
          className="pointer-events-none rounded-lg border border-border bg-card px-3 py-2 text-[13px] text-foreground shadow-sm"
        >
          <div className="mb-0.5 text-muted-foreground">{formatDate(active.date)}</div>
          <div>
            {callsLabel}: {formatCalls(active.calls)}
          </div>
        </TooltipWithBounds>
      ) : null}
    </div>
  );
}
