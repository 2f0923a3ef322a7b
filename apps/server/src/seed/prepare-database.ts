import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Dialect } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { purgeExpiredSessions } from '../modules/auth/session.service.js';
import { upsertTranslations } from '../modules/translation/translation.repository.js';
import { seedDemo } from './demo-seed.js';
import { readShippedTranslations } from '../modules/translation/shipped-translations.js';

export interface PrepareOptions {
  dialect: Dialect;
  /** PostgreSQL schema of the handle, if any. */
  schema?: string | undefined;
  production: boolean;
  /** PORTAL_DEMO: true/false, or undefined to decide by database. */
  demo: boolean | undefined;
  /** The clock's time: which sessions have expired, and the demo content's dates. */
  now: Date;
  log: (line: string) => void;
}

/**
 * Start-up work on the database: migrate, load the shipped texts (they belong to the release,
 * so they are refreshed on every start), and fill demo content when wanted. Demo content goes
 * only into a new embedded database outside production unless asked for explicitly.
 */
export async function prepareDatabase(db: Kysely<Database>, options: PrepareOptions): Promise<{ seeded: boolean }> {
  const applied = await migrateToLatest(db, options.schema);
  if (applied.length > 0) options.log(`Database migrated: ${applied.join(', ')}`);
  await upsertTranslations(db, readShippedTranslations());
  await purgeExpiredSessions(db, options.now);
  const isNew = applied.includes('0001-initial-schema');
  const wanted = options.demo ?? (isNew && options.dialect === 'sqlite' && !options.production);
  if (!wanted || options.production) return { seeded: false };
  await seedDemo(db, options.now);
  return { seeded: true };
}
