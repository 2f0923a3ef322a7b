import { formatDate } from '@/lib/days';

const pad = (n: number): string => String(n).padStart(2, '0');

/** A timestamp as the viewer's local date and time: 24.11.2026, 14:05. */
export function formatUntil(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(iso)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
