import type { Insertable, Updateable } from 'kysely';
import type { Db, PricePackageTable } from '../../db/database.js';

/** Every package in the order of /price. */
export async function listPricePackageRows(db: Db) {
  return db.selectFrom('pricePackage').selectAll().orderBy('sortOrder').orderBy('id').execute();
}

export async function insertPricePackage(db: Db, row: Insertable<PricePackageTable>): Promise<void> {
  await db.insertInto('pricePackage').values(row).execute();
}

export async function updatePricePackage(db: Db, id: string, changes: Updateable<PricePackageTable>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('pricePackage').set(changes).where('id', '=', id).execute();
}

export async function deletePricePackage(db: Db, id: string): Promise<void> {
  await db.deleteFrom('pricePackage').where('id', '=', id).execute();
}

export async function setPricePackageOrder(db: Db, rows: ReadonlyArray<{ id: string; sortOrder: number }>): Promise<void> {
  for (const row of rows) {
    await db.updateTable('pricePackage').set({ sortOrder: row.sortOrder }).where('id', '=', row.id).execute();
  }
}

export async function mediaExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
