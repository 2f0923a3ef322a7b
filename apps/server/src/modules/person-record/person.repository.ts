import type { Insertable } from 'kysely';
import type { Db, PersonTable, PersonUpdate } from '../../db/database.js';

export async function findPersonByEmail(db: Db, email: string) {
  return db.selectFrom('person').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findPerson(db: Db, id: string) {
  return db.selectFrom('person').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPerson(db: Db, row: Insertable<PersonTable>): Promise<void> {
  await db.insertInto('person').values(row).execute();
}

export async function findActiveEmails(db: Db, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('person')
    .select('email')
    .where('email', 'in', emails)
    .where('disabled', '=', 0)
    .orderBy('email')
    .execute();
  return rows.map((r) => r.email);
}

/** Everyone, for the operator's list (no password hashes, no avatars). */
export async function listPeople(db: Db) {
  return db
    .selectFrom('person')
    .select([
      'id',
      'email',
      'salutation',
      'firstname',
      'lastname',
      'company',
      'language',
      'isAdmin',
      'disabled',
      'createdAt',
    ])
    .orderBy('email')
    .execute();
}

/**
 * Locks the rows of every active admin who can sign in (not disabled, address confirmed, a
 * password set) with a write that changes nothing, and returns their ids. Two operators
 * removing two different admins at once are so ordered one after the other, and the second sees
 * the first one's change before it decides whether an admin would remain.
 */
export async function lockActiveAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .updateTable('person')
    .set((eb) => ({ isAdmin: eb.ref('isAdmin') }))
    .where('isAdmin', '=', 1)
    .where('disabled', '=', 0)
    .where('verified', '=', 1)
    .where('passwordHash', '<>', '')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Locks the person's row for the transaction with a write that changes nothing: what counts the
 * person's rows and then adds one (e.g. their tokens against a limit) runs one after the other.
 */
export async function lockPerson(db: Db, id: string): Promise<void> {
  await db
    .updateTable('person')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', id)
    .execute();
}

export async function updatePerson(db: Db, id: string, changes: PersonUpdate): Promise<void> {
  await db.updateTable('person').set(changes).where('id', '=', id).execute();
}

/**
 * Changes a person who has not yet proved their address; false when they have (meanwhile). One
 * statement, so of two confirmations at once only one finds the person unverified (PostgreSQL
 * makes the second wait for the first's row lock and then reads the row anew).
 */
export async function updateUnverifiedPerson(db: Db, id: string, changes: PersonUpdate): Promise<boolean> {
  const result = await db
    .updateTable('person')
    .set(changes)
    .where('id', '=', id)
    .where('verified', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Stores a new avatar and counts its version up in SQL, so parallel uploads each get their own
 * version (the version is part of the immutably cached avatar URL).
 */
export async function saveAvatar(db: Db, id: string, webp: Buffer, now: string): Promise<void> {
  await db
    .updateTable('person')
    .set((eb) => ({ avatarWebp: webp, avatarVersion: eb('avatarVersion', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .execute();
}

export async function findAvatar(db: Db, id: string) {
  return db
    .selectFrom('person')
    .select(['avatarWebp', 'avatarVersion'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Only the stored password hash (a password change checks the current password against it). */
export async function findPasswordHash(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('person').select('passwordHash').where('id', '=', id).executeTakeFirst();
  return row?.passwordHash;
}
