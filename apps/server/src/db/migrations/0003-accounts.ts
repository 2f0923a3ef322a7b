import { sql, type Kysely } from 'kysely';

// Self-service accounts. A person's address is verified or not: every account that exists
// before this migration (demo, created by an operator) counts as verified, hence the default.
// Links in mails carry a one-time token; only its SHA-256 is kept, with its purpose and end.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('person')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('account_token')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify', 'reset', 'invite')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_token_person_idx').on('account_token').column('person_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_token').ifExists().execute();
  await db.schema.alterTable('person').dropColumn('verified').execute();
}
