import { translationKey } from '@portal/contract/translation';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { multiLineText } from '@portal/contract/text';
import type { Database } from '../../db/database.js';
import { readShippedTranslations } from './shipped-translations.js';
import { allTranslations, saveImportedTranslations } from './translation.repository.js';

// `portal translations:export DIR` / `translations:import DIR`: one JSON file per namespace in
// the shipped format, { "<key>": { "de": "…", "en": "…" } }. Imported texts that differ from
// the shipped ones are marked customised, so a later release does not overwrite them.

export type NamespaceTexts = Record<string, { de: string; en: string }>;

/** Every text of the database, by namespace and key (sorted, so exports diff well). */
export async function exportTranslations(db: Kysely<Database>): Promise<Map<string, NamespaceTexts>> {
  const byNamespace = new Map<string, NamespaceTexts>();
  for (const row of await allTranslations(db)) {
    const texts = byNamespace.get(row.namespace) ?? {};
    texts[row.id] = { de: row.de, en: row.en };
    byNamespace.set(row.namespace, texts);
  }
  return byNamespace;
}

const text = multiLineText().max(10_000);
const fileSchema = z.record(
  z.string().regex(/^[A-Za-z0-9_.]{1,200}$/, 'keys are letters, digits, _ and .'),
  z.object({ de: text.optional(), en: text.optional() }).strict(),
);

export interface TranslationImportReport {
  /** Why nothing was written (unknown namespaces, malformed files); empty when written. */
  problems: string[];
  /** Keys left as they were because a language is missing or empty. */
  missing: Array<{ key: string; language: 'de' | 'en' }>;
  /** Keys the portal does not use; not imported. */
  unknownKeys: string[];
  changed: number;
  unchanged: number;
  /** Imported keys that now differ from the shipped texts. */
  customised: number;
}

export async function importTranslations(
  db: Kysely<Database>,
  files: ReadonlyMap<string, unknown>,
): Promise<TranslationImportReport> {
  const report: TranslationImportReport = {
    problems: [],
    missing: [],
    unknownKeys: [],
    changed: 0,
    unchanged: 0,
    customised: 0,
  };
  const shipped = new Map(readShippedTranslations().map((t) => [translationKey(t), t]));
  const namespaces = new Set([...shipped.values()].map((t) => t.namespace));
  const parsed = new Map<string, z.infer<typeof fileSchema>>();
  for (const [namespace, json] of files) {
    if (!namespaces.has(namespace)) {
      report.problems.push(
        `${namespace}.json: unknown namespace (known: ${[...namespaces].sort().join(', ')})`,
      );
      continue;
    }
    const result = fileSchema.safeParse(json);
    if (!result.success) {
      const issue = result.error.issues[0];
      report.problems.push(
        `${namespace}.json: ${issue?.path.join('.') || '(file)'}: ${issue?.message ?? 'invalid'}`,
      );
      continue;
    }
    parsed.set(namespace, result.data);
  }
  if (report.problems.length > 0) return report;

  const current = new Map((await allTranslations(db)).map((t) => [translationKey(t), t]));
  const rows: Array<{ namespace: string; id: string; de: string; en: string; customised: number }> = [];
  for (const [namespace, texts] of parsed) {
    for (const [id, value] of Object.entries(texts)) {
      const key = translationKey({ namespace, id });
      const original = shipped.get(key);
      if (!original) {
        report.unknownKeys.push(key);
        continue;
      }
      const { de, en } = value;
      if (!de) report.missing.push({ key, language: 'de' });
      if (!en) report.missing.push({ key, language: 'en' });
      if (!de || !en) continue;
      const customised = de !== original.de || en !== original.en;
      if (customised) report.customised++;
      const stored = current.get(key);
      if (stored?.de === de && stored.en === en) report.unchanged++;
      else report.changed++;
      rows.push({ namespace, id, de, en, customised: customised ? 1 : 0 });
    }
  }
  await db.transaction().execute((trx) => saveImportedTranslations(trx, rows));
  return report;
}
