import type { ChangeFeed } from '../../lib/change-feed.js';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue-changes.js';

/** The change-feed topic of the texts (the translation table). */
export const TRANSLATION_TOPIC = 'translation';

/**
 * Every write to the texts calls this once it is committed: the cached translation answers are
 * dropped on this instance at once and on the others through the change feed. The public pages
 * rendered on the server carry texts too and are kept under the catalogue's topic, so that one
 * is announced as well (texts change rarely; the catalogue answers are rebuilt once).
 */
export async function translationsChanged(changes: ChangeFeed): Promise<void> {
  await changes.publish(TRANSLATION_TOPIC);
  await changes.publish(CATALOGUE_TOPIC);
}
