import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import * as initialSchema from './migrations/0001-initial-schema.js';
import * as operators from './migrations/0002-operators.js';
import * as accounts from './migrations/0003-accounts.js';
import * as usageRollup from './migrations/0004-usage-rollup.js';
import * as projectMembers from './migrations/0005-project-members.js';
import * as licenceTools from './migrations/0006-licence-tools.js';
import * as auditLog from './migrations/0007-audit-log.js';
import * as serviceAdmin from './migrations/0008-service-admin.js';
import * as adminContent from './migrations/0009-admin-content.js';
import * as usageRollupPerStatement from './migrations/0010-usage-rollup-per-statement.js';
import * as serviceApi from './migrations/0011-service-api.js';
import * as signupLinks from './migrations/0012-signup-links.js';
import * as signupLinkAttempts from './migrations/0013-signup-link-attempts.js';
import * as contactTopic from './migrations/0014-contact-topic.js';
import * as sessionDevice from './migrations/0015-session-device.js';
import * as secondFactor from './migrations/0016-second-factor.js';
import * as privacy from './migrations/0017-privacy.js';
import * as billing from './migrations/0018-billing.js';
import * as accessToken from './migrations/0019-access-token.js';
import * as accountDeletion from './migrations/0020-account-deletion.js';
import * as webhook from './migrations/0021-webhook.js';

// Migrations are listed here rather than read from a folder at run time, so the bundled server
// carries them and their order is explicit.
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-operators': operators,
  '0003-accounts': accounts,
  '0004-usage-rollup': usageRollup,
  '0005-project-members': projectMembers,
  '0006-licence-tools': licenceTools,
  '0007-audit-log': auditLog,
  '0008-service-admin': serviceAdmin,
  '0009-admin-content': adminContent,
  '0010-usage-rollup-per-statement': usageRollupPerStatement,
  '0011-service-api': serviceApi,
  '0012-signup-links': signupLinks,
  '0013-signup-link-attempts': signupLinkAttempts,
  '0014-contact-topic': contactTopic,
  '0015-session-device': sessionDevice,
  '0016-second-factor': secondFactor,
  '0017-privacy': privacy,
  '0018-billing': billing,
  '0019-access-token': accessToken,
  '0020-account-deletion': accountDeletion,
  '0021-webhook': webhook,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export class MigrationError extends Error {}

/** Names of the migrations this release has and the database has not run yet. */
export async function pendingMigrations(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const all = await migrator.getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Brings the schema up to date; returns the names of the migrations applied now. */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<string[]> {
  // With a schema, kysely looks for its bookkeeping tables there only (not in any schema on the
  // search path), which keeps side-by-side schemas (tests, tenants) apart.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : 'unknown error';
    // No failed migration named: the database could not even be reached or read.
    throw new MigrationError(failed ? `Migration ${failed} failed: ${reason}` : `Cannot use the database: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
