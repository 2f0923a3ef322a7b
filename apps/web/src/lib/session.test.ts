import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/hooks/use-session';
import { clearLocalSession, readSession, sessionSnapshot, writeSession } from './session';
import { storageKeys } from './storage';

describe('session', () => {
  it('is stored on login and cleared with the language on local logout', () => {
    writeSession({ token: 't', oid: 'o' });
    window.localStorage.setItem(storageKeys.language, 'en');
    expect(readSession()).toEqual({ token: 't', oid: 'o' });
    clearLocalSession();
    expect(readSession()).toBeNull();
    expect(window.localStorage.getItem(storageKeys.language)).toBeNull();
  });

  it('needs both token and user id', () => {
    window.localStorage.setItem(storageKeys.token, 't');
    expect(readSession()).toBeNull();
  });

  it('gives a stable snapshot between changes', () => {
    writeSession({ token: 't', oid: 'o' });
    expect(sessionSnapshot()).toBe(sessionSnapshot());
  });

  it('re-renders subscribers on login, logout and a change in another tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => writeSession({ token: 't1', oid: 'o1' }));
    expect(result.current).toEqual({ token: 't1', oid: 'o1' });
    act(() => clearLocalSession());
    expect(result.current).toBeNull();
    act(() => {
      window.localStorage.setItem(storageKeys.token, 't2');
      window.localStorage.setItem(storageKeys.oid, 'o2');
      window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.token }));
    });
    expect(result.current).toEqual({ token: 't2', oid: 'o2' });
  });
});
