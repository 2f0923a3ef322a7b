import { readStorage, removeStorage, storageKeys, writeStorage } from './storage';

export interface StoredSession {
  token: string;
  oid: string;
}

/** The signed-in user as kept in local storage (signed in = a stored token and user id). */
export function readSession(): StoredSession | null {
  const token = readStorage(storageKeys.token);
  const oid = readStorage(storageKeys.oid);
  return token && oid ? { token, oid } : null;
}

export function readToken(): string | null {
  return readStorage(storageKeys.token);
}

// Local storage is the source of truth; these listeners only tell mounted components
// that it changed, so the top bar and signed-in screens re-render at once after a login, a
// logout or a 401, and when another tab of the same browser signs in or out.
const listeners = new Set<() => void>();
// useSyncExternalStore needs a stable snapshot: the same object while nothing changed.
let snapshot: StoredSession | null = null;

function changed(): void {
  listeners.forEach((listener) => listener());
}

/** After a successful login: remember token and user id on this device. */
export function writeSession(session: StoredSession): void {
  writeStorage(storageKeys.token, session.token);
  writeStorage(storageKeys.oid, session.oid);
  changed();
}

/** Local logout: forget token, user id and language choice on this device. */
export function clearLocalSession(): void {
  removeStorage(storageKeys.token);
  removeStorage(storageKeys.oid);
  removeStorage(storageKeys.language);
  changed();
}

/** The current session for useSyncExternalStore (stable between changes). */
export function sessionSnapshot(): StoredSession | null {
  const next = readSession();
  if (next?.token !== snapshot?.token || next?.oid !== snapshot?.oid) snapshot = next;
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

// Another tab signed in or out (the event never fires in the tab that wrote).
function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === storageKeys.token || event.key === storageKeys.oid) changed();
}
