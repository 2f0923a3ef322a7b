import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textsDir } from '@portal/translations/texts-dir';

type Texts = Record<string, { de: string; en: string }>;

/** The shipped texts of a namespace, so tests check what users read without copying it. */
export function shippedTexts(namespace: string): Texts {
  const file = join(textsDir, `${namespace}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Texts;
}
