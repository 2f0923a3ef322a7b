import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MS, useCopy } from './use-copy';

describe('useCopy', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the text and says copied for exactly 2000 ms', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { result } = renderHook(() => useCopy());

    await act(() => result.current.copy('<script>'));
    expect(writeText).toHaveBeenCalledWith('<script>');
    expect(result.current.copied).toBe(true);
    expect(COPIED_MS).toBe(2000);

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(result.current.copied).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.copied).toBe(false);
  });

  it('a second copy starts the 2000 ms again', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.resolve() } });
    const { result } = renderHook(() => useCopy());
    await act(() => result.current.copy('a'));
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    await act(() => result.current.copy('a'));
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(result.current.copied).toBe(true);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current.copied).toBe(false);
  });

  it('reports a refused clipboard', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const { result } = renderHook(() => useCopy());
    await act(() => result.current.copy('a'));
    expect(result.current.failed).toBe(true);
    expect(result.current.copied).toBe(false);
  });
});
