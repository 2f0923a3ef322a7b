import { fileURLToPath } from 'node:url';

/**
 * Folder of the JSON files, one per namespace: { "<key>": { "de": "…", "en": "…" } }, both
 * languages side by side so a missing translation is visible in review.
 */
export const textsDir = fileURLToPath(new URL('../texts/', import.meta.url));
