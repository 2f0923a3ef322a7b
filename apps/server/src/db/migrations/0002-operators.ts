import { sql, type Kysely } from 'kysely';

// What operators need: people can be disabled, every mail goes through a stored outbox, and
// texts an operator imported are marked so that a release's shipped texts no longer overwrite
// them. Contact requests no longer remember when they were mailed: the outbox row does.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('person')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('translation')
    .addColumn('customised', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('contact_request').dropColumn('mailed_at').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    // A worker owns a row until this time while it sends; after it, another may take it over.
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').ifExists().execute();
  await db.schema.alterTable('contact_request').addColumn('mailed_at', 'text').execute();
  await db.schema.alterTable('translation').dropColumn('customised').execute();
  await db.schema.alterTable('person').dropColumn('disabled').execute();
}
