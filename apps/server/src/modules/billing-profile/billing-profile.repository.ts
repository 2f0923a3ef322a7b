import type { Insertable, Selectable } from 'kysely';
import type { BillingProfileTable, Db } from '../../db/database.js';

export type BillingProfileRow = Selectable<BillingProfileTable>;

export async function findBillingProfile(db: Db, personId: string): Promise<BillingProfileRow | undefined> {
  return db.selectFrom('billingProfile').selectAll().where('personId', '=', personId).executeTakeFirst();
}

/** Removes the person's profile (account deletion; issued invoices keep their own copy). */
export async function deleteBillingProfile(db: Db, personId: string): Promise<void> {
  await db.deleteFrom('billingProfile').where('personId', '=', personId).execute();
}

/** Writes the person's profile whole: inserts it, or replaces the one there is. */
export async function saveBillingProfile(db: Db, row: Insertable<BillingProfileTable>): Promise<void> {
  const { personId: _personId, ...fields } = row;
  await db
    .insertInto('billingProfile')
    .values(row)
    .onConflict((oc) => oc.column('personId').doUpdateSet(fields))
    .execute();
}
