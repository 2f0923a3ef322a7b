import { hash, randomBytes, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Opaque object id of [A-Za-z0-9] only, so `/{slug}-{id}` can split at the last '-'. ~95 bits. */
export function newId(length = 16): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** Public licence key carried by integration code: 160 random bits, URL-safe. */
export function newLicenceKey(): string {
  return `lk_${randomBytes(20).toString('base64url')}`;
}

/**
 * Session token: 256 random bits; only its SHA-256 is stored. Never one that starts like a
 * personal access token (`pat_`), which authentication tells apart by that prefix.
 */
export function newSessionToken(): string {
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    if (!token.startsWith('pat_')) return token;
  }
}

// The one-shot form: every signed-in call hashes its token, and a Hash object per call costs more
// than the digest of 43 characters.
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

/**
 * Request ids for logs and the audit trail: a random prefix per process and a counter, unique
 * across instances without drawing random numbers for every request.
 */
export function requestIds(): () => string {
  const prefix = newId(6);
  let next = 0;
  return () => `${prefix}${(next++).toString(36).padStart(6, '0')}`;
}
