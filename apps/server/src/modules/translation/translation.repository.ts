import type { Insertable, OnConflictBuilder, OnConflictUpdateBuilder } from 'kysely';
import type { Database, Db, TranslationTable } from '../../db/database.js';

export async function listTranslations(db: Db, namespaces: readonly string[]) {
  return db
    .selectFrom('translation')
    .select(['namespace', 'id', 'de', 'en'])
    .where('namespace', 'in', namespaces)
    .orderBy('namespace')
    .orderBy('id')
    .execute();
}

type TranslationRow = { namespace: string; id: string; de: string; en: string };

/**
 * Inserts or replaces the shipped texts: the release's files are the source of truth for its
 * keys, except where an operator imported a text of their own (customised), which stays.
 */
export async function upsertTranslations(db: Db, rows: readonly TranslationRow[]): Promise<void> {
  await insertInChunks(db, rows, (oc) =>
    oc
      .columns(['namespace', 'id'])
      .doUpdateSet((eb) => ({ de: eb.ref('excluded.de'), en: eb.ref('excluded.en') }))
      .where('translation.customised', '=', 0),
  );
}

/** Writes texts an operator imported; `customised` says whether they differ from the shipped ones. */
export async function saveImportedTranslations(
  db: Db,
  rows: ReadonlyArray<TranslationRow & { customised: number }>,
): Promise<void> {
  await insertInChunks(db, rows, (oc) =>
    oc.columns(['namespace', 'id']).doUpdateSet((eb) => ({
      de: eb.ref('excluded.de'),
      en: eb.ref('excluded.en'),
      customised: eb.ref('excluded.customised'),
    })),
  );
}

/** Inserts the rows 200 to a statement; `onConflict` says what a clash on (namespace, id) does. */
async function insertInChunks(
  db: Db,
  rows: ReadonlyArray<Insertable<TranslationTable>>,
  onConflict: (
    oc: OnConflictBuilder<Database, 'translation'>,
  ) => OnConflictUpdateBuilder<Database, 'translation'>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('translation')
      .values(rows.slice(i, i + 200))
      .onConflict(onConflict)
      .execute();
  }
}

/** Every text, for the export and the import's comparison. */
export async function allTranslations(db: Db) {
  return db
    .selectFrom('translation')
    .select(['namespace', 'id', 'de', 'en'])
    .orderBy('namespace')
    .orderBy('id')
    .execute();
}
