import type { Kysely } from 'kysely';
import type { OwnSession } from '@portal/contract/session';
import type { Database, Db } from '../../db/database.js';
import { newId, newSessionToken, sha256Hex } from '../../lib/ids.js';
import { describeUserAgent, maskAddress, type SessionClient } from './session-client.js';
import {
  deleteExpiredSessions,
  deleteSessionOf,
  listSessionsOf,
  deleteOtherSessions,
  deleteSession,
  deleteSessionsOf,
  findSessionWithPerson,
  insertSession,
  markSignedIn,
  touchSession,
  type SessionPerson,
} from './session.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface AuthenticatedSession {
  sessionId: string;
  person: SessionPerson;
  /** The database's data version as of the lookup (db/data-version.ts). */
  dataVersion: string;
}

/**
 * Starts a session; the token goes to the client once, only its hash is kept. The session keeps
 * the browser's user agent and address (docs/security.md#own-sessions). `reauthenticated`: the
 * sign-in gave the password or a second factor (not so a mailed link), which counts for the
 * re-authentication rule (docs/security.md#re-authentication).
 */
export async function createSession(
  db: Db,
  personId: string,
  now: Date,
  client: Pick<SessionClient, 'userAgent' | 'address'>,
  options: { reauthenticated?: boolean } = {},
): Promise<string> {
  const token = newSessionToken();
  const at = now.toISOString();
  await insertSession(db, {
    id: newId(),
    tokenHash: sha256Hex(token),
    personId,
    now: at,
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    userAgent: client.userAgent,
    clientAddress: client.address,
    reauthenticatedAt: options.reauthenticated ? at : null,
  });
  await markSignedIn(db, personId, at);
  return token;
}

/** The person's sessions as their profile lists them; `current` is the caller's own. */
export async function ownSessions(
  db: Db,
  personId: string,
  currentSessionId: string | null,
  now: Date,
): Promise<OwnSession[]> {
  const rows = await listSessionsOf(db, personId);
  return rows
    .filter((row) => !sessionExpired(Date.parse(row.lastSeenAt), Date.parse(row.absoluteExpiresAt), now))
    .map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      lastUsedAt: row.lastSeenAt,
      ...describeUserAgent(row.userAgent),
      address: maskAddress(row.clientAddress),
      current: row.id === currentSessionId,
    }));
}

/** Ends one of the person's sessions; false when they have none of that id. */
export async function endOwnSession(db: Db, personId: string, sessionId: string): Promise<boolean> {
  return deleteSessionOf(db, personId, sessionId);
}

/** The session of a bearer token, or undefined when unknown, idle too long or past its end. */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<AuthenticatedSession | undefined> {
  return (await lookUpSession(db, sha256Hex(token), now))?.session;
}

/** A session as read, with what decides whether it may be used again without reading it. */
export interface LookedUpSession {
  session: AuthenticatedSession;
  /** When the session was last marked as seen (ms). */
  lastSeenMs: number;
  /** When the session ends whatever its use (ms). */
  absoluteExpiresMs: number;
}

/** resolveSession by the token's hash, with the session's times. */
export async function lookUpSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<LookedUpSession | undefined> {
  const found = await findSessionWithPerson(db, tokenHash);
  if (!found) return undefined;
  let lastSeenMs = Date.parse(found.lastSeenAt);
  const absoluteExpiresMs = Date.parse(found.absoluteExpiresAt);
  if (sessionExpired(lastSeenMs, absoluteExpiresMs, now)) {
    await deleteSession(db, found.sessionId);
    return undefined;
  }
  if (needsTouch(lastSeenMs, now)) {
    await touchSession(db, found.sessionId, now.toISOString());
    lastSeenMs = now.getTime();
  }
  return {
    session: { sessionId: found.sessionId, person: found.person, dataVersion: found.dataVersion },
    lastSeenMs,
    absoluteExpiresMs,
  };
}

// Times as numbers: this runs on every signed-in call. A time that does not parse (NaN, only
// from a hand-edited row) counts as expired.
export const sessionExpired = (lastSeenMs: number, absoluteExpiresMs: number, now: Date): boolean =>
  !(now.getTime() - lastSeenMs <= SESSION_IDLE_MS && now.getTime() <= absoluteExpiresMs);

export const needsTouch = (lastSeenMs: number, now: Date): boolean =>
  now.getTime() - lastSeenMs > TOUCH_INTERVAL_MS;

/** Removes sessions past either expiry (run at start; expired ones are refused anyway). */
export async function purgeExpiredSessions(db: Kysely<Database>, now: Date): Promise<void> {
  await deleteExpiredSessions(db, new Date(now.getTime() - SESSION_IDLE_MS).toISOString(), now.toISOString());
}

export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/** Signs the person out everywhere (new password set by an operator, account disabled). */
export async function endAllSessions(db: Db, personId: string): Promise<void> {
  await deleteSessionsOf(db, personId);
}

export async function endOtherSessions(
  db: Kysely<Database>,
  personId: string,
  keepSessionId: string,
): Promise<void> {
  await deleteOtherSessions(db, personId, keepSessionId);
}
