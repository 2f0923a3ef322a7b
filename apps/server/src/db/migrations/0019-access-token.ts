import type { Kysely } from 'kysely';

// Personal access tokens (docs/security.md#personal-access-tokens):
// - access_token: a token a person made for their scripts, kept as SHA-256 only (token_hash),
//   with its name, scope ('read' or 'write'), expiry (at most a year after it was made) and the
//   last time it was used (written at most once a minute). Deleted when revoked, with the person,
//   when the person's sessions all end (new password, disabled account), and by the retention job
//   once expired (docs/privacy.md#retention).
// Independent of the other migrations since 0017: it adds one table only.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_token')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('access_token_person_idx').on('access_token').column('person_id').execute();
  // The retention job deletes expired tokens by this column.
  await db.schema.createIndex('access_token_expires_idx').on('access_token').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_token').ifExists().execute();
}
