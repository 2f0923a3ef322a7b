import type { Kysely } from 'kysely';

// Webhooks (docs/webhooks.md):
// - webhook_endpoint: a project's receivers, each with its signing secret (stored as is, see
//   docs/security.md#webhook-secrets) and, for a day after a rotation, the replaced one;
//   failing_since marks the first failed delivery since the last success (a day of it disables);
//   created_by: the member who added it (switched off when they lose the editor role);
// - webhook_delivery: the queue and the log in one: one row per message and endpoint, claimed by
//   a worker like the mail outbox (locked_until), retried until retry_until.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoint')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events_json', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_valid_until', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_by', 'text', (c) => c.references('person.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoint_project_idx').on('webhook_endpoint').column('project_id').execute();
  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoint.id'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('retry_until', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The worker looks for due rows; the log lists an endpoint's rows newest first.
  await db.schema.createIndex('webhook_delivery_due_idx').on('webhook_delivery').columns(['state', 'next_attempt_at']).execute();
  await db.schema
    .createIndex('webhook_delivery_endpoint_idx')
    .on('webhook_delivery')
    .columns(['endpoint_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_delivery').ifExists().execute();
  await db.schema.dropTable('webhook_endpoint').ifExists().execute();
}
