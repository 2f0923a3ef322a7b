import { sql, type Kysely } from 'kysely';

// Billing data (docs/billing.md#billing-profile, #seller-settings):
// - billing_profile: one per person, the address their invoices go to; removed with the person
//   (issued invoices keep their own copy of the address);
// - seller_settings: the provider's own invoice data, a single row (id is always 1);
//   payment_terms_days and invoice_number_format carry the defaults the contract names.
// Independent of the other migrations since 0017: it adds two tables only.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_profile')
    .addColumn('person_id', 'text', (c) => c.primaryKey().references('person.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('vat_id', 'text')
    .addColumn('invoice_email', 'text', (c) => c.notNull())
    .addColumn('purchase_order_ref', 'text')
    .addColumn('buyer_reference', 'text')
    .addColumn('wants_xml', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('seller_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('vat_id', 'text')
    .addColumn('tax_number', 'text')
    .addColumn('register_court', 'text')
    .addColumn('register_number', 'text')
    .addColumn('managing_directors', 'text')
    .addColumn('iban', 'text', (c) => c.notNull())
    .addColumn('bic', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('payment_terms_days', 'integer', (c) => c.notNull().defaultTo(14))
    .addColumn('invoice_number_format', 'text', (c) => c.notNull().defaultTo('RE-{year}-{seq:6}'))
    .addColumn('sender_email', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seller_settings').ifExists().execute();
  await db.schema.dropTable('billing_profile').ifExists().execute();
}
