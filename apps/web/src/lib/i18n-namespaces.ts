import type { Resources } from 'i18next';

/** A translation namespace the web app uses (one JSON file each in the server's seed). */
export type Namespace = keyof Resources;


export const supportedLanguages = ['de', 'en'] as const;
