import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { singleLineText } from './text.js';

// Personal access tokens (docs/security.md#personal-access-tokens): a person makes them in the
// profile for scripts that call the REST API on their behalf.

export const ACCESS_TOKEN_LIMITS = {
  /** Tokens a person may have at once (expired ones not yet deleted count too). */
  perPerson: 20,
  nameLength: 80,
  /** The latest expiry: this many days after today. */
  maxDays: 365,
  /** The expiries the profile offers besides a chosen day. */
  presetDays: [30, 90, 365],
  /** Calls per token and minute, counted on every instance together. */
  callsPerMinute: 300,
  /** Last use is written at most this often. */
  touchIntervalSeconds: 60,
} as const;

/** Every token starts with this, so scanners and people recognise one. */
export const ACCESS_TOKEN_PREFIX = 'pat_';

/** read: GET and HEAD calls only; write: the customer's changes too. */
export const accessTokenScopeSchema = z.enum(['read', 'write']);
export type AccessTokenScope = z.infer<typeof accessTokenScopeSchema>;

export const createAccessTokenSchema = z.object({
  name: singleLineText().trim().min(1).max(ACCESS_TOKEN_LIMITS.nameLength),
  scope: accessTokenScopeSchema,
  /** The last day (UTC) on which the token works: from tomorrow to maxDays after today. */
  expiresOn: isoDateSchema,
});
export type CreateAccessToken = z.infer<typeof createAccessTokenSchema>;

export const accessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: accessTokenScopeSchema,
  /** ISO timestamps; expiresAt is the end of the chosen day (UTC). */
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** Newest first. */
export const accessTokenListSchema = z.array(accessTokenSchema);

/** The answer to creating a token: the only time the token itself is shown. */
export const createdAccessTokenSchema = accessTokenSchema.extend({ token: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

/** The day (YYYY-MM-DD, UTC) `days` after `today`. */
export function dayAfter(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
