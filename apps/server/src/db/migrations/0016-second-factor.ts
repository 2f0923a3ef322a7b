import type { Kysely } from 'kysely';

// Two-factor sign-in (docs/security.md#two-factor-sign-in):
// - person_totp: a person's authenticator secret (base32, readable: checking a code needs it),
//   counting only once confirmed_at is set; last_time_step is the newest time step a code was
//   accepted for, so a code is used once (raised atomically, see the mfa module).
// - recovery_code: ten per set, each kept as SHA-256 only and used once (used_at).
// - mfa_token: the second step of a sign-in, SHA-256 only, bound to the person, 5 minutes.
// - session.reauthenticated_at: when this session last gave the password or a second factor
//   (null for sessions opened by a mailed link).
// Independent of the other migrations since 0014: it adds tables and one column only.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('person_totp')
    .addColumn('person_id', 'text', (c) => c.primaryKey().references('person.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_time_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('recovery_code')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_code_person_idx').on('recovery_code').columns(['person_id', 'code_hash']).execute();
  await db.schema
    .createTable('mfa_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mfa_token_person_idx').on('mfa_token').column('person_id').execute();
  await db.schema.alterTable('session').addColumn('reauthenticated_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session').dropColumn('reauthenticated_at').execute();
  await db.schema.dropTable('mfa_token').execute();
  await db.schema.dropTable('recovery_code').execute();
  await db.schema.dropTable('person_totp').execute();
}
