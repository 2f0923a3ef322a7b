import type { Kysely } from 'kysely';

// Each sign-up keeps what it chose with its own confirmation link (docs/security.md#self-service-accounts):
// the password hash and the profile (names, salutation, company, language as JSON) ride on the
// link's account_token row, and using the link makes exactly that sign-up the account. Only
// confirmation links carry them; the other purposes leave both null.
//
// Confirmation links issued before this migration carry nothing, and the account row they point
// at may hold another sign-up's password: they are removed. Whoever waits for one asks for it
// again (the login dialog and the link screen offer that) or signs up again.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_token').addColumn('signup_password_hash', 'text').execute();
  await db.schema.alterTable('account_token').addColumn('signup_profile', 'text').execute();
  await db.deleteFrom('account_token').where('purpose', '=', 'verify').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_token').dropColumn('signup_profile').execute();
  await db.schema.alterTable('account_token').dropColumn('signup_password_hash').execute();
}
