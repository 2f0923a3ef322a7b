import type { Db } from '../../db/database.js';

export async function listTranslations(db: Db, namespaces: readonly string[]) {
  return db
    .selectFrom('translation')
    .select(['namespace', 'id', 'de', 'en'])
    .where('namespace', 'in', namespaces)
    .orderBy('namespace')
    .orderBy('id')
    .execute();
}

/** Inserts or replaces texts: the shipped files are the source of truth for shipped keys. */
export async function upsertTranslations(
  db: Db,
  rows: ReadonlyArray<{ namespace: string; id: string; de: string; en: string }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('translation')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['namespace', 'id']).doUpdateSet((eb) => ({ de: eb.ref('excluded.de'), en: eb.ref('excluded.en') })),
      )
      .execute();
  }
}
