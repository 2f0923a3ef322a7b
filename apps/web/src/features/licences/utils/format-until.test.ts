import { describe, expect, it } from 'vitest';
import { formatUntil } from './format-until';

describe('formatUntil', () => {
  it("shows a timestamp as the viewer's local day and time", () => {
    const local = new Date(2026, 10, 24, 9, 5);
    expect(formatUntil(local.toISOString())).toBe('24.11.2026, 09:05');
  });
});
