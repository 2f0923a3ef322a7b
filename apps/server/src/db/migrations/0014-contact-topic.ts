import { sql, type Kysely } from 'kysely';

// A contact request keeps what it is about (docs/admin.md#contact-requests): a question or a
// request for an offer, and for an offer the price package chosen, by the names it had then
// (a package may be renamed or deleted later; the request still says what was asked for).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contact_request')
    .addColumn('topic', 'text', (c) => c.notNull().defaultTo('question').check(sql`topic in ('question', 'offer')`))
    .execute();
  await db.schema.alterTable('contact_request').addColumn('package_name_de', 'text').execute();
  await db.schema.alterTable('contact_request').addColumn('package_name_en', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_request').dropColumn('package_name_en').execute();
  await db.schema.alterTable('contact_request').dropColumn('package_name_de').execute();
  await db.schema.alterTable('contact_request').dropColumn('topic').execute();
}
