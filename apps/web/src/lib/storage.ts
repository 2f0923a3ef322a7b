// localStorage can throw (disabled storage, private modes, quota): the app must still work, it
// only forgets the choice. Every read and write of local settings goes through here.

/** Session, language and theme keys (docs/architecture.md#session-in-the-web-app). */
export const storageKeys = {
  token: 'user-token',
  oid: 'user-oid',
  language: 'user-language',
  theme: 'user-theme',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still applies for this visit.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}
