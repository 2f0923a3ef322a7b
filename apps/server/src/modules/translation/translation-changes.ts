import type { ChangeFeed } from '../../plugins/change-feed.js';

/** The change-feed topic of the texts (the translation table). */
export const TRANSLATION_TOPIC = 'translation';

/**
 * Every write to the texts calls this once it is committed: the cached translation answers are
 * dropped on this instance at once and on the others through the change feed.
 */
export function translationsChanged(changes: ChangeFeed): Promise<void> {
  return changes.publish(TRANSLATION_TOPIC);
}
