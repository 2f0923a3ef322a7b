import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations describe the schema as it was at that point in time, so they use Kysely<any> and
// never import application code (which keeps changing). Column types are chosen to behave the
// same on SQLite and PostgreSQL: see src/db/database.ts.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  const blob = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';

  await db.schema
    .createTable('person')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('firstname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lastname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('salutation', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('de'))
    .addColumn('place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar_webp', blob as 'blob')
    .addColumn('avatar_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_person_idx').on('session').column('person_id').execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', blob as 'blob', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('service')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('name_de', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('description_short_de', 'text', (c) => c.notNull())
    .addColumn('description_short_en', 'text', (c) => c.notNull())
    .addColumn('description_de', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('accounting', 'text', (c) => c.notNull().check(sql`accounting in ('request', 'pageview', 'monthly')`))
    .addColumn('price_per_1000_calls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('monthly_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('single_payment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('demo_href', 'text')
    .addColumn('data_copyright', 'text')
    .addColumn('data_lastupdate', 'text')
    .addColumn('js_service_code_type', 'text', (c) => c.notNull())
    .addColumn('js_service_code_template', 'text', (c) => c.notNull())
    .addColumn('service_code_backend_template', 'text')
    .addColumn('form_json', 'text')
    .addColumn('logo_media_id', 'text', (c) => c.references('media.id'))
    .addColumn('thumbnail_media_id', 'text', (c) => c.references('media.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('service_image')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('service_id', 'text', (c) => c.notNull().references('service.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name_de', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('xs_media_id', 'text', (c) => c.notNull().references('media.id'))
    .addColumn('sm_media_id', 'text', (c) => c.notNull().references('media.id'))
    .addColumn('md_media_id', 'text', (c) => c.notNull().references('media.id'))
    .addColumn('lg_media_id', 'text', (c) => c.notNull().references('media.id'))
    .addColumn('xlg_media_id', 'text', (c) => c.notNull().references('media.id'))
    .execute();
  await db.schema
    .createIndex('service_image_service_idx')
    .on('service_image')
    .columns(['service_id', 'position'])
    .execute();

  await db.schema
    .createTable('project')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('person.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('domains_production', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('domains_sandbox', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('project_owner_idx').on('project').columns(['owner_id', 'deleted_at']).execute();

  await db.schema
    .createTable('service_licence')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
    .addColumn('service_id', 'text', (c) => c.notNull().references('service.id'))
    .addColumn('licence_key', 'text', (c) => c.notNull().unique())
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('formdata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('service_licence_project_idx').on('service_licence').column('project_id').execute();
  // One live licence per service and project; deleted ones stay for billing history.
  await db.schema
    .createIndex('service_licence_live_uq')
    .on('service_licence')
    .columns(['project_id', 'service_id'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('usage_daily')
    .addColumn('licence_id', 'text', (c) => c.notNull().references('service_licence.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 0`))
    .addPrimaryKeyConstraint('usage_daily_pk', ['licence_id', 'day'])
    .execute();
  await db.schema.createIndex('usage_daily_day_idx').on('usage_daily').columns(['day', 'licence_id']).execute();

  await db.schema
    .createTable('price_package')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name_de', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('description_de', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('img_media_id', 'text', (c) => c.references('media.id'))
    .addColumn('brutto_monatlich', 'integer', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('legal_page')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('interner_name', 'text', (c) => c.notNull().unique())
    .addColumn('title_de', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('html_de', 'text', (c) => c.notNull())
    .addColumn('html_en', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('translation')
    .addColumn('namespace', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('de', 'text', (c) => c.notNull())
    .addColumn('en', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_pk', ['namespace', 'id'])
    .execute();

  await db.schema
    .createTable('contact_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('subname', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('terms_accepted', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'contact_request',
    'translation',
    'legal_page',
    'price_package',
    'usage_daily',
    'service_licence',
    'project',
    'service_image',
    'service',
    'media',
    'session',
    'person',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
