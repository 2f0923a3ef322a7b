import type { ChangeFeed } from '../../lib/change-feed.js';

/** The change-feed topic of services, their images, price packages and legal pages. */
export const CATALOGUE_TOPIC = 'catalogue';

/**
 * Every write to the catalogue calls this once it is stored (committed): the cached catalogue
 * answers are dropped on this instance at once and on the others through the change feed.
 */
export function catalogueChanged(changes: ChangeFeed): Promise<void> {
  return changes.publish(CATALOGUE_TOPIC);
}
