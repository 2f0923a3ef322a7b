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

/**
 * Inserts or replaces the shipped texts: the release's files are the source of truth for its
 * keys, except where an operator imported a text of their own (customised), which stays.
 */
export async function upsertTranslations(
  db: Db,
  rows: ReadonlyArray<{ namespace: string; id: string; de: string; en: string }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('translation')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc
          .columns(['namespace', 'id'])
          .doUpdateSet((eb) => ({ de: eb.ref('excluded.de'), en: eb.ref('excluded.en') }))
          .where('translation.customised', '=', 0),
      )
      .execute();
  }
}

/** Writes texts an operator imported; `customised` says whether they differ from the shipped ones. */
export async function saveImportedTranslations(
  db: Db,
  rows: ReadonlyArray<{ namespace: string; id: string; de: string; en: string; customised: number }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('translation')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['namespace', 'id']).doUpdateSet((eb) => ({
          de: eb.ref('excluded.de'),
          en: eb.ref('excluded.en'),
          customised: eb.ref('excluded.customised'),
        })),
      )
      .execute();
  }
}

/** Every text, for the export and the import's comparison. */
export async function allTranslations(db: Db) {
  return db.selectFrom('translation').select(['namespace', 'id', 'de', 'en']).orderBy('namespace').orderBy('id').execute();
}
