import type { Db } from '../../db/database.js';
import { dataVersion } from '../../db/data-version.js';
import { preparedQuery } from '../../db/prepared-query.js';

export async function insertSession(
  db: Db,
  row: {
    id: string;
    tokenHash: string;
    personId: string;
    now: string;
    absoluteExpiresAt: string;
    userAgent: string;
    clientAddress: string;
    reauthenticatedAt: string | null;
  },
): Promise<void> {
  await db
    .insertInto('session')
    .values({
      id: row.id,
      tokenHash: row.tokenHash,
      personId: row.personId,
      createdAt: row.now,
      lastSeenAt: row.now,
      absoluteExpiresAt: row.absoluteExpiresAt,
      userAgent: row.userAgent,
      clientAddress: row.clientAddress,
      reauthenticatedAt: row.reauthenticatedAt,
    })
    .execute();
}

/** The person's sessions, newest sign-in first. */
export async function listSessionsOf(db: Db, personId: string) {
  return db
    .selectFrom('session')
    .select(['id', 'createdAt', 'lastSeenAt', 'absoluteExpiresAt', 'userAgent', 'clientAddress'])
    .where('personId', '=', personId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Deletes one session of the person; false when the person has no session of that id. */
export async function deleteSessionOf(db: Db, personId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('session')
    .where('id', '=', sessionId)
    .where('personId', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Marks the device as used by the person; answers whether it was known before and whether the
 * person had any known device at all (a first sign-in).
 */
export async function noteKnownDevice(
  db: Db,
  personId: string,
  deviceHash: string,
  now: string,
): Promise<{ known: boolean; anyBefore: boolean }> {
  const updated = await db
    .updateTable('knownDevice')
    .set({ lastUsedAt: now })
    .where('personId', '=', personId)
    .where('deviceHash', '=', deviceHash)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return { known: true, anyBefore: true };
  const other = await db
    .selectFrom('knownDevice')
    .select('deviceHash')
    .where('personId', '=', personId)
    .limit(1)
    .executeTakeFirst();
  await db
    .insertInto('knownDevice')
    .values({ personId, deviceHash, createdAt: now, lastUsedAt: now })
    .onConflict((oc) => oc.columns(['personId', 'deviceHash']).doUpdateSet({ lastUsedAt: now }))
    .execute();
  return { known: false, anyBefore: other !== undefined };
}

/** Keeps the `keep` devices used most recently of the person, forgets older ones. */
export async function pruneKnownDevices(db: Db, personId: string, keep: number): Promise<void> {
  const kept = db
    .selectFrom('knownDevice')
    .select('deviceHash')
    .where('personId', '=', personId)
    .orderBy('lastUsedAt', 'desc')
    .orderBy('deviceHash')
    .limit(keep);
  await db
    .deleteFrom('knownDevice')
    .where('personId', '=', personId)
    .where('deviceHash', 'not in', kept)
    .execute();
}

/** Every new session is a sign-in: the admin console lists when a person last signed in. */
export async function markSignedIn(db: Db, personId: string, now: string): Promise<void> {
  await db.updateTable('person').set({ lastSignInAt: now }).where('id', '=', personId).execute();
}

/**
 * The signed-in person as every signed-in call sees it: the person's row without the avatar
 * picture, a blob of up to several hundred kilobytes that only the avatar route reads (it loads
 * it itself), and without the password hash, which only a password change needs (it reads it
 * itself) and which no request should carry around. The session lookup runs on every signed-in
 * call.
 */
export type { SessionPerson } from '../person-record/person.mapper.js';
import type { SessionPerson } from '../person-record/person.mapper.js';

// Every column of person but the avatar and the password hash (the check below fails when one is
// added and not named).
export const sessionPersonColumns = [
  'person.id',
  'person.email',
  'person.firstname',
  'person.lastname',
  'person.salutation',
  'person.language',
  'person.place',
  'person.company',
  'person.isAdmin',
  'person.disabled',
  'person.verified',
  'person.avatarVersion',
  'person.lastSignInAt',
  'person.deletedAt',
  'person.createdAt',
  'person.updatedAt',
] as const;
type Named = (typeof sessionPersonColumns)[number] extends `person.${infer C}` ? C : never;
// Compile-time only: every column of SessionPerson is named above.
const allNamed: Record<Exclude<keyof SessionPerson, Named>, never> = {};
void allNamed;

const sessionWithPerson = preparedQuery((db: Db, tokenHash: string) =>
  db
    .selectFrom('session')
    .innerJoin('person', 'person.id', 'session.personId')
    .select(sessionPersonColumns)
    .select([
      'session.id as sessionId',
      'session.lastSeenAt as sessionLastSeenAt',
      'session.absoluteExpiresAt as sessionAbsoluteExpiresAt',
    ])
    // In the same statement, so signed-in answers kept in memory are checked for free.
    .select(dataVersion(db).as('dataVersion'))
    .where('session.tokenHash', '=', tokenHash)
    // A disabled person's sessions are deleted when they are disabled; this keeps them out
    // even if one were left behind.
    .where('person.disabled', '=', 0),
);

export async function findSessionWithPerson(
  db: Db,
  tokenHash: string,
): Promise<
  | {
      sessionId: string;
      lastSeenAt: string;
      absoluteExpiresAt: string;
      dataVersion: string;
      person: SessionPerson;
    }
  | undefined
> {
  const [row] = await sessionWithPerson(db, tokenHash);
  if (!row) return undefined;
  const { sessionId, sessionLastSeenAt, sessionAbsoluteExpiresAt, dataVersion, ...person } = row;
  return {
    sessionId,
    lastSeenAt: sessionLastSeenAt,
    absoluteExpiresAt: sessionAbsoluteExpiresAt,
    dataVersion,
    person,
  };
}

export async function touchSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db.updateTable('session').set({ lastSeenAt: now }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('session').where('id', '=', sessionId).execute();
}

export async function deleteOtherSessions(db: Db, personId: string, keepSessionId: string): Promise<void> {
  await db.deleteFrom('session').where('personId', '=', personId).where('id', '!=', keepSessionId).execute();
}

export async function deleteSessionsOf(db: Db, personId: string): Promise<void> {
  await db.deleteFrom('session').where('personId', '=', personId).execute();
}

/** Housekeeping: sessions past either expiry can go. */
export async function deleteExpiredSessions(db: Db, idleCutoff: string, now: string): Promise<void> {
  await db
    .deleteFrom('session')
    .where((eb) => eb.or([eb('lastSeenAt', '<', idleCutoff), eb('absoluteExpiresAt', '<', now)]))
    .execute();
}
