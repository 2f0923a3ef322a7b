import type { Insertable, Updateable } from 'kysely';
import type { Db, LegalPageTable } from '../../db/database.js';

/** Every legal page in its order. */
export async function listLegalPageRows(db: Db) {
  return db.selectFrom('legalPage').selectAll().orderBy('sortOrder').orderBy('internerName').execute();
}

export async function insertLegalPage(db: Db, row: Insertable<LegalPageTable>): Promise<void> {
  await db.insertInto('legalPage').values(row).execute();
}

export async function updateLegalPage(db: Db, id: string, changes: Updateable<LegalPageTable>): Promise<void> {
  await db.updateTable('legalPage').set(changes).where('id', '=', id).execute();
}

export async function deleteLegalPage(db: Db, id: string): Promise<void> {
  await db.deleteFrom('legalPage').where('id', '=', id).execute();
}

export async function setLegalPageOrder(db: Db, rows: ReadonlyArray<{ id: string; sortOrder: number }>): Promise<void> {
  for (const row of rows) {
    await db.updateTable('legalPage').set({ sortOrder: row.sortOrder }).where('id', '=', row.id).execute();
  }
}
