import type { Kysely } from 'kysely';

// Licence tools (docs/domain.md#licence-keys, #usage-alerts).
//
// A rotated key keeps working for a grace period: it moves to licence_key_retired with the end of
// that period, so the ingest and the licence check still find its licence until then. A key is
// unique across live and retired keys by construction (160 random bits), and the retired table's
// key is its primary key.
//
// A usage alert is a threshold of calls per calendar month on the licence. usage_alert_sent holds
// one row per licence and month once its mail is queued: inserting that row is the claim, so
// parallel writers of usage queue the mail exactly once.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('licence_key_retired')
    .addColumn('licence_key', 'text', (c) => c.primaryKey())
    .addColumn('licence_id', 'text', (c) => c.notNull().references('service_licence.id'))
    .addColumn('retired_at', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('licence_key_retired_licence_idx')
    .on('licence_key_retired')
    .columns(['licence_id', 'valid_until'])
    .execute();

  await db.schema.alterTable('service_licence').addColumn('alert_monthly_calls', 'bigint').execute();

  await db.schema
    .createTable('usage_alert_sent')
    .addColumn('licence_id', 'text', (c) => c.notNull().references('service_licence.id'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('threshold', 'bigint', (c) => c.notNull())
    .addColumn('calls', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_alert_sent_pk', ['licence_id', 'month'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('usage_alert_sent').execute();
  await db.schema.alterTable('service_licence').dropColumn('alert_monthly_calls').execute();
  await db.schema.dropTable('licence_key_retired').execute();
}
