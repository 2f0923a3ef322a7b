import { useSyncExternalStore } from 'react';
import { sessionSnapshot, subscribeSession, type StoredSession } from '@/lib/session';

/** The stored session (token and user id), live: re-renders on login, logout and 401. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, sessionSnapshot, () => null);
}
