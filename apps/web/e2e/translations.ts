import { readFileSync } from 'node:fs';

type Texts = Record<string, { de: string; en: string }>;

/** The shipped texts of a namespace, so tests check what users read without copying it. */
export function shippedTexts(namespace: string): Texts {
  const file = new URL(`../../server/src/seed/translations/${namespace}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Texts;
}
