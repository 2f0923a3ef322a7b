import type { Kysely } from 'kysely';

// A confirmation link asks for the password its sign-up chose (docs/security.md#self-service-accounts),
// and allows only a few tries: each one is counted on the link's row before the password is
// checked, and the link ends with the last wrong one. Other links never count (0).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('account_token')
    .addColumn('password_attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_token').dropColumn('password_attempts').execute();
}
