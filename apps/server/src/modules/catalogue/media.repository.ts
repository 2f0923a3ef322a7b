import type { Db } from '../../db/database.js';

export async function findMedia(db: Db, id: string) {
  return db.selectFrom('media').select(['contentType', 'bytes']).where('id', '=', id).executeTakeFirst();
}

export async function insertMediaIfMissing(
  db: Db,
  row: { id: string; contentType: string; bytes: Buffer; width: number; height: number; createdAt: string },
): Promise<void> {
  await db.insertInto('media').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
}
