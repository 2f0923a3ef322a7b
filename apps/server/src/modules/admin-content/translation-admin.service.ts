import { translationKey } from '@portal/contract/translation';
import type { Kysely } from 'kysely';
import type {
  AdminTranslation,
  AdminTranslationItem,
  AdminTranslationList,
  adminTranslationPatchSchema,
  adminTranslationQuerySchema,
} from '@portal/contract/admin-content';
import type { z } from 'zod';
import type { Database, Db } from '../../db/database.js';
import type { FieldProblem } from '../../lib/error-messages.js';
import { notFound, validation } from '../../lib/http-error.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { readShippedTranslations } from '../translation/shipped-translations.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { translationsChanged } from '../translation/translation-changes.js';
import { pageOfList } from './ordering.js';
import { findTranslation, listTranslationRows, updateTranslation } from './translation-admin.repository.js';

// Texts as the admin console edits them (docs/admin.md#texts). An edit is stored marked
// `customised` when it differs from the text the release ships, so neither a restart nor a
// re-seed (both load the shipped texts) overwrites it; set back to the shipped text, it follows
// releases again. Once committed, the public translation answers are dropped on every instance.

const OBJECT_TYPE = 'translation';

let shippedCache: Map<string, { de: string; en: string }> | undefined;

/** The release's texts by `Namespace.id`; they cannot change while the server runs. */
function shipped(): Map<string, { de: string; en: string }> {
  shippedCache ??= new Map(readShippedTranslations().map((t) => [translationKey(t), { de: t.de, en: t.en }]));
  return shippedCache;
}

/** `Namespace.id` → its parts (the id may itself contain dots). */
function splitKey(key: string): { namespace: string; id: string } {
  const dot = key.indexOf('.');
  return { namespace: key.slice(0, dot), id: key.slice(dot + 1) };
}

function toItem(row: { namespace: string; id: string; de: string; en: string; customised: number }): AdminTranslationItem {
  const key = translationKey(row);
  return {
    key,
    namespace: row.namespace,
    id: row.id,
    de: row.de,
    en: row.en,
    shipped: shipped().get(key) ?? null,
    customised: row.customised === 1,
  };
}

/**
 * The whole table is a few hundred rows (the keys of one release), so it is filtered and paged
 * in memory: the search then treats case the same on both dialects, umlauts included.
 */
export async function listAdminTranslations(
  db: Db,
  query: z.output<typeof adminTranslationQuerySchema>,
): Promise<AdminTranslationList> {
  const rows = await listTranslationRows(db);
  const namespaces = [...new Set(rows.map((row) => row.namespace))];
  const needle = query.q?.toLocaleLowerCase('de');
  const items = rows
    .filter((row) => !query.namespace || row.namespace === query.namespace)
    .filter((row) => query.missing !== '1' || !row.de.trim() || !row.en.trim())
    .filter(
      (row) =>
        !needle ||
        [translationKey(row), row.de, row.en].some((text) => text.toLocaleLowerCase('de').includes(needle)),
    )
    .map(toItem);
  return { ...pageOfList(items, query), namespaces };
}

export async function getAdminTranslation(db: Db, key: string): Promise<AdminTranslation> {
  const { namespace, id } = splitKey(key);
  const row = await findTranslation(db, namespace, id);
  if (!row) throw notFound();
  return { de: row.de, en: row.en };
}

/** `{{value}}` placeholders and `<tag>` markers a text fills in; an edit must keep them. */
function markers(text: string): string {
  const found = [
    ...[...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`),
    ...[...text.matchAll(/<\/?([A-Za-z0-9]+)\s*\/?>/g)].map((m) => `<${m[1]}>`),
  ];
  return [...new Set(found)].sort().join(' ');
}

export async function patchAdminTranslation(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  key: string,
  patch: z.output<typeof adminTranslationPatchSchema>,
): Promise<AdminTranslation> {
  const { namespace, id } = splitKey(key);
  const original = shipped().get(key);
  const updated = await db.transaction().execute(async (trx) => {
    const row = await findTranslation(trx, namespace, id);
    if (!row) throw notFound();
    const before = { de: row.de, en: row.en };
    const after = { de: patch.de ?? row.de, en: patch.en ?? row.en };
    if (original) {
      const problems: Record<string, FieldProblem> = {};
      if (markers(after.de) !== markers(original.de)) problems.de = 'placeholders';
      // An empty English text shows the German one, so it has nothing to fill in.
      if (after.en.trim() && markers(after.en) !== markers(original.en)) problems.en = 'placeholders';
      if (Object.keys(problems).length > 0) throw validation(problems);
    }
    const customised = !original || after.de !== original.de || after.en !== original.en ? 1 : 0;
    await updateTranslation(trx, { namespace, id }, { ...after, customised });
    await recordAudit(trx, { ...who, action: 'update', objectType: OBJECT_TYPE, objectId: key, before, after });
    return after;
  });
  await translationsChanged(changes);
  return updated;
}
