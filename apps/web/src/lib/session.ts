import { readStorage, removeStorage, storageKeys } from './storage';

export interface StoredSession {
  token: string;
  oid: string;
}

/** The signed-in user as kept in local storage (spec §4: logged in = a stored token). */
export function readSession(): StoredSession | null {
  const token = readStorage(storageKeys.token);
  const oid = readStorage(storageKeys.oid);
  return token && oid ? { token, oid } : null;
}

export function readToken(): string | null {
  return readStorage(storageKeys.token);
}

/** Local logout (spec §4): forget token, user id and language choice on this device. */
export function clearLocalSession(): void {
  removeStorage(storageKeys.token);
  removeStorage(storageKeys.oid);
  removeStorage(storageKeys.language);
}
