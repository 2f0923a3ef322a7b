import { createHash, randomBytes, randomInt } from 'node:crypto';

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

/** Session token: 256 random bits; only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
