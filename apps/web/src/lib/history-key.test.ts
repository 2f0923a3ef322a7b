import { afterEach, describe, expect, it } from 'vitest';
import { keyStartEntry } from './history-key';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('keyStartEntry', () => {
  it('gives an entry without a key one of its own, keeping what the state held', () => {
    window.history.replaceState({ usr: { from: 'x' } }, '', '/price');
    keyStartEntry();
    const state = window.history.state as { key: string; usr: unknown; idx: number };
    expect(state.key).toMatch(/^[a-z0-9]+$/);
    expect(state.usr).toEqual({ from: 'x' });
    expect(state.idx).toBe(0);
    expect(window.location.pathname).toBe('/price');
  });

  it('gives two page loads two different keys', () => {
    window.history.replaceState(null, '', '/a');
    keyStartEntry();
    const first = (window.history.state as { key: string }).key;
    window.history.replaceState(null, '', '/b');
    keyStartEntry();
    expect((window.history.state as { key: string }).key).not.toBe(first);
  });

  it('keeps the key of an entry that has one (a reload, or Back into it)', () => {
    window.history.replaceState({ usr: null, key: 'abc123', idx: 3 }, '', '/a');
    keyStartEntry();
    expect(window.history.state).toEqual({ usr: null, key: 'abc123', idx: 3 });
  });
});
