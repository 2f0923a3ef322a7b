import type { Kysely } from 'kysely';

// A person's own sessions (docs/security.md#own-sessions): each session keeps the browser's
// user agent (bounded when stored) and the client address it was started from, so the person can
// tell their sessions apart; the full address never leaves the server (the list masks it).
// known_device holds, per person, the SHA-256 of the random device cookie of every browser that
// has signed in: a sign-in from a browser not among them sends a "new sign-in" mail.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('session')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('session')
    .addColumn('client_address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('known_device')
    .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_device_pk', ['person_id', 'device_hash'])
    .execute();
  // "Was this person mailed about a new sign-in lately?" is asked on sign-ins from new browsers.
  await db.schema
    .createIndex('mail_outbox_recipient_idx')
    .on('mail_outbox')
    .columns(['to_address', 'kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_recipient_idx').execute();
  await db.schema.dropTable('known_device').execute();
  await db.schema.alterTable('session').dropColumn('client_address').execute();
  await db.schema.alterTable('session').dropColumn('user_agent').execute();
}
