import { Redis } from 'ioredis';
import { catalogueChanged } from '../modules/catalogue/catalogue-changes.js';
import { redisChangeFeed } from '../lib/change-feed.js';

/**
 * Tells running servers that the catalogue changed, so that they drop their cached answers at
 * once: through Redis's change feed when REDIS_URL is set (several instances). Without Redis a
 * server notices by itself within a minute (the cache's age limit). Answers a warning, or
 * undefined when the notice went out or none was needed.
 */
export async function announceCatalogueChange(redisUrl: string | undefined): Promise<string | undefined> {
  if (!redisUrl) return undefined;
  // One attempt, no reconnecting: the import is done either way.
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  let failure: unknown;
  redis.on('error', (error: unknown) => (failure ??= error));
  try {
    await redis.connect();
    const feed = redisChangeFeed(redis, (error) => (failure ??= error));
    await catalogueChanged(feed);
    await feed.close();
  } catch (error) {
    failure ??= error;
  } finally {
    redis.disconnect();
  }
  if (failure === undefined) return undefined;
  const reason = failure instanceof Error ? failure.message : 'unknown error';
  return `running servers were not told through Redis (${reason}); they show the change within a minute`;
}
