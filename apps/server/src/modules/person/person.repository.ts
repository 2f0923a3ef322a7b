import type { Kysely, Transaction } from 'kysely';
import type { Database, PersonUpdate } from '../../db/database.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function findPersonByEmail(db: Db, email: string) {
  return db.selectFrom('person').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findPerson(db: Db, id: string) {
  return db.selectFrom('person').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePerson(db: Db, id: string, changes: PersonUpdate): Promise<void> {
  await db.updateTable('person').set(changes).where('id', '=', id).execute();
}

export async function findAvatar(db: Db, id: string) {
  return db.selectFrom('person').select(['avatarWebp', 'avatarVersion']).where('id', '=', id).executeTakeFirst();
}
