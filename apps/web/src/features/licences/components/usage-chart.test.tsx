import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/days';
import { formatCalls } from '@/lib/numbers';
import { toChartData } from '../utils/chart-data';
import { UsageChart } from './usage-chart';

const WIDTH = 640;

/** jsdom lays nothing out: the chart's box reports WIDTH through its ResizeObserver. */
class FixedWidthObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target, contentRect: { width: WIDTH } } as unknown as ResizeObserverEntry], this);
  }
  disconnect() {}
  unobserve() {}
}

const calls: Record<string, number> = { '2026-11-01': 120, '2026-11-15': 98_765, '2026-11-30': 7 };
const points = toChartData(calls, { from: '2026-11-01', to: '2026-11-30' });

describe('UsageChart', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', FixedWidthObserver);
  });

  it('draws the period with its first and last day on the time axis and call counts on the other', () => {
    const { container } = render(<UsageChart points={points} callsLabel="Aufrufe" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('width', String(WIDTH));
    const labels = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toContain('01.11.');
    expect(labels).toContain('30.11.');
    // Whole numbers only, formatted as the rest of the page, from zero up past the busiest day.
    expect(labels).toContain(formatCalls(0));
    expect(labels).toContain(formatCalls(100_000));
    expect(labels.some((label) => label?.includes(','))).toBe(false);
    // The area and its line are drawn.
    expect(container.querySelectorAll('path').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the day and its calls under the pointer, and nothing once the pointer leaves', () => {
    const { container } = render(<UsageChart points={points} callsLabel="Aufrufe" />);
    const plot = container.querySelector('rect');
    if (!plot) throw new Error('no plot area');
    const innerWidth = WIDTH - 56 - 8;
    // Day 15 of 30 (index 14): left margin plus 14 of 29 steps.
    fireEvent.pointerMove(plot, { clientX: 56 + (innerWidth * 14) / 29, clientY: 100 });
    expect(screen.getByText(formatDate('2026-11-15'))).toBeInTheDocument();
    expect(screen.getByText(`Aufrufe: ${formatCalls(98_765)}`)).toBeInTheDocument();
    fireEvent.pointerLeave(plot);
    expect(screen.queryByText(formatDate('2026-11-15'))).not.toBeInTheDocument();
  });

  it('draws an empty period without failing', () => {
    const { container } = render(<UsageChart points={[]} callsLabel="Aufrufe" />);
    expect(container.querySelector('svg')).toBeInTheDocument();
  });
});
