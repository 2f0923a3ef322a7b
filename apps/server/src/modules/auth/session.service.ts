import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { newId, newSessionToken, sha256Hex } from '../../lib/ids.js';
import {
  deleteExpiredSessions,
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
}

/** Starts a session; the token goes to the client once, only its hash is kept. */
export async function createSession(db: Kysely<Database>, personId: string, now = new Date()): Promise<string> {
  const token = newSessionToken();
  await insertSession(db, {
    id: newId(),
    tokenHash: sha256Hex(token),
    personId,
    now: now.toISOString(),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
  });
  await markSignedIn(db, personId, now.toISOString());
  return token;
}

/** The session of a bearer token, or undefined when unknown, idle too long or past its end. */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<AuthenticatedSession | undefined> {
  const found = await findSessionWithPerson(db, sha256Hex(token));
  if (!found) return undefined;
  const lastSeen = Date.parse(found.lastSeenAt);
  const expired = now.getTime() - lastSeen > SESSION_IDLE_MS || now.toISOString() > found.absoluteExpiresAt;
  if (expired) {
    await deleteSession(db, found.sessionId);
    return undefined;
  }
  if (now.getTime() - lastSeen > TOUCH_INTERVAL_MS) await touchSession(db, found.sessionId, now.toISOString());
  return { sessionId: found.sessionId, person: found.person };
}

/** Removes sessions past either expiry (run at start; expired ones are refused anyway). */
export async function purgeExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<void> {
  await deleteExpiredSessions(db, new Date(now.getTime() - SESSION_IDLE_MS).toISOString(), now.toISOString());
}

export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/** Signs the person out everywhere (new password set by an operator, account disabled). */
export async function endAllSessions(db: Db, personId: string): Promise<void> {
  await deleteSessionsOf(db, personId);
}

export async function endOtherSessions(db: Kysely<Database>, personId: string, keepSessionId: string): Promise<void> {
  await deleteOtherSessions(db, personId, keepSessionId);
}
