import type { Insertable, Selectable } from 'kysely';
import type { Db, SellerSettingsTable } from '../../db/database.js';

export type SellerSettingsRow = Selectable<SellerSettingsTable>;

/** The one row's id (the table allows no other). */
const SINGLE_ROW = 1;

export async function findSellerSettings(db: Db): Promise<SellerSettingsRow | undefined> {
  return db.selectFrom('sellerSettings').selectAll().where('id', '=', SINGLE_ROW).executeTakeFirst();
}

/** Writes the settings whole: inserts the row, or replaces it. */
export async function saveSellerSettings(db: Db, fields: Omit<Insertable<SellerSettingsTable>, 'id'>): Promise<void> {
  await db
    .insertInto('sellerSettings')
    .values({ id: SINGLE_ROW, ...fields })
    .onConflict((oc) => oc.column('id').doUpdateSet(fields))
    .execute();
}
