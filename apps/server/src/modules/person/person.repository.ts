import type { Db, PersonUpdate } from '../../db/database.js';

export async function findPersonByEmail(db: Db, email: string) {
  return db.selectFrom('person').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findPerson(db: Db, id: string) {
  return db.selectFrom('person').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePerson(db: Db, id: string, changes: PersonUpdate): Promise<void> {
  await db.updateTable('person').set(changes).where('id', '=', id).execute();
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
  return db.selectFrom('person').select(['avatarWebp', 'avatarVersion']).where('id', '=', id).executeTakeFirst();
}
