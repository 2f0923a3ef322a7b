import { randomBytes } from 'node:crypto';
import {
  ACCESS_TOKEN_LIMITS,
  ACCESS_TOKEN_PREFIX,
  dayAfter,
  type AccessToken,
  type AccessTokenScope,
  type CreateAccessToken,
  type CreatedAccessToken,
} from '@portal/contract/access-token';
import type { Db } from '../../db/database.js';
import { HttpError, validation } from '../../lib/http-error.js';
import { newId, sha256Hex } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import type { SessionPerson } from '../person-record/person.mapper.js';
import { lockPerson } from '../person-record/person.repository.js';
import {
  countAccessTokensOf,
  deleteAccessTokenOf,
  deleteAccessTokensOf,
  findAccessTokenWithPerson,
  insertAccessToken,
  listAccessTokensOf,
  touchAccessToken,
} from './access-token.repository.js';

// Personal access tokens (docs/security.md#personal-access-tokens).

/** A new token: the prefix and 256 random bits, base64url. Only its SHA-256 is stored. */
export function newAccessToken(): string {
  return `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Whether a bearer credential is meant as a personal access token (not a session token). */
export const isAccessToken = (credential: string): boolean => credential.startsWith(ACCESS_TOKEN_PREFIX);

/** The end of the day `day` (UTC): a token works through its last day. */
const endOfDay = (day: string): string => `${day}T23:59:59.999Z`;

export async function createAccessToken(
  db: Db,
  personId: string,
  input: CreateAccessToken,
  now: Date,
): Promise<CreatedAccessToken> {
  const today = nowIso(now).slice(0, 10);
  if (input.expiresOn <= today || input.expiresOn > dayAfter(today, ACCESS_TOKEN_LIMITS.maxDays)) {
    throw validation({ expiresOn: 'invalid' });
  }
  const token = newAccessToken();
  const row = {
    id: newId(),
    personId,
    tokenHash: sha256Hex(token),
    name: input.name,
    scope: input.scope,
    createdAt: nowIso(now),
    expiresAt: endOfDay(input.expiresOn),
  };
  // Counted and stored in one transaction with the person's row locked first, so parallel
  // creations are counted one after the other and the limit holds.
  return db.transaction().execute(async (trx) => {
    await lockPerson(trx, personId);
    if ((await countAccessTokensOf(trx, personId)) >= ACCESS_TOKEN_LIMITS.perPerson) {
      throw new HttpError(409, 'tooManyAccessTokens');
    }
    await insertAccessToken(trx, row);
    return {
      id: row.id,
      name: row.name,
      scope: row.scope,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      lastUsedAt: null,
      token,
    };
  });
}

export async function ownAccessTokens(db: Db, personId: string): Promise<AccessToken[]> {
  return listAccessTokensOf(db, personId);
}

/** Revokes one of the person's tokens; false when they have none of that id. */
export async function revokeAccessToken(db: Db, personId: string, id: string): Promise<boolean> {
  return deleteAccessTokenOf(db, personId, id);
}

/** Every token of the person ends (a new password, every session ended). */
export async function revokeAccessTokensOf(db: Db, personId: string): Promise<void> {
  await deleteAccessTokensOf(db, personId);
}

/** A token's caller, as every call made with it sees them. */
export interface TokenCaller {
  tokenId: string;
  scope: AccessTokenScope;
  person: SessionPerson;
  dataVersion: string;
}

const TOUCH_INTERVAL_MS = ACCESS_TOKEN_LIMITS.touchIntervalSeconds * 1000;

/**
 * The caller of a token, or undefined when it is unknown (never made, revoked) or expired.
 * Marks it as used at most once a minute, so calls do not each write.
 */
export async function resolveAccessToken(db: Db, token: string, now: Date): Promise<TokenCaller | undefined> {
  const found = await findAccessTokenWithPerson(db, sha256Hex(token));
  // A time that does not parse (only from a hand-edited row) counts as expired.
  if (!found || !(now.getTime() <= Date.parse(found.expiresAt))) return undefined;
  const lastUsed = found.lastUsedAt === null ? Number.NaN : Date.parse(found.lastUsedAt);
  if (!(now.getTime() - lastUsed <= TOUCH_INTERVAL_MS)) await touchAccessToken(db, found.tokenId, nowIso(now));
  return { tokenId: found.tokenId, scope: found.scope, person: found.person, dataVersion: found.dataVersion };
}
