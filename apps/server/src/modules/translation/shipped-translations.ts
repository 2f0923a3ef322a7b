import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { textsDir } from '@portal/translations/texts-dir';

// The texts of the web app ship as one JSON file per namespace, both languages side by side so
// a missing translation is visible in review: { "<key>": { "de": "…", "en": "…" } }.
const namespaceFileSchema = z.record(
  z.string().regex(/^[A-Za-z0-9_.]+$/),
  z.object({ de: z.string().min(1), en: z.string().min(1) }).strict(),
);

export interface ShippedTranslation {
  namespace: string;
  id: string;
  de: string;
  en: string;
}

/**
 * Folder of the JSON files: copied beside the bundle by the build (dist/translations), else the
 * @portal/translations package when running from the sources.
 */
export function shippedTranslationsDir(): string {
  const besideBundle = new URL('./translations/', import.meta.url);
  return existsSync(besideBundle) ? fileURLToPath(besideBundle) : textsDir;
}

export function readShippedTranslations(dir = shippedTranslationsDir()): ShippedTranslation[] {
  const rows: ShippedTranslation[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const namespace = file.slice(0, -'.json'.length);
    const parsed = namespaceFileSchema.safeParse(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')));
    if (!parsed.success) throw new Error(`Invalid translation file ${file}: ${parsed.error.issues[0]?.message}`);
    for (const [id, text] of Object.entries(parsed.data)) rows.push({ namespace, id, ...text });
  }
  return rows;
}
