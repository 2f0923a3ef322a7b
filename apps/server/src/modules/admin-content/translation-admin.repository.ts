import type { Db } from '../../db/database.js';

/** Every text with its mark, ordered by namespace and id. */
export async function listTranslationRows(db: Db) {
  return db
    .selectFrom('translation')
    .select(['namespace', 'id', 'de', 'en', 'customised'])
    .orderBy('namespace')
    .orderBy('id')
    .execute();
}

export async function findTranslation(db: Db, namespace: string, id: string) {
  return db
    .selectFrom('translation')
    .select(['namespace', 'id', 'de', 'en', 'customised'])
    .where('namespace', '=', namespace)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateTranslation(
  db: Db,
  key: { namespace: string; id: string },
  texts: { de: string; en: string; customised: number },
): Promise<void> {
  await db
    .updateTable('translation')
    .set(texts)
    .where('namespace', '=', key.namespace)
    .where('id', '=', key.id)
    .execute();
}
