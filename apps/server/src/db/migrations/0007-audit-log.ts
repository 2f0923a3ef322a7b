import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The admin console's audit log (docs/admin.md#audit-log): one row per admin write, written in
// the transaction of the change. Rows are never changed and kept for at least a year; the
// database itself refuses an update, and a delete of a row younger than a year, so no later
// code path (or a slip in a script) can rewrite history.
//
// The actor is kept by id and by the address at the time: people are never renamed in the log.
// person.last_sign_in_at feeds the customers list (sessions end at logout, so they cannot).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .execute();
  // The list reads newest first, optionally per object type or actor.
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_type_at_idx').on('audit_log').columns(['object_type', 'at']).execute();
  await db.schema.createIndex('audit_log_actor_at_idx').on('audit_log').columns(['actor_id', 'at']).execute();

  await db.schema.alterTable('person').addColumn('last_sign_in_at', 'text').execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' or old.at > to_char((now() at time zone 'utc') - interval '1 year', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') then
          raise exception 'audit_log is append-only';
        end if;
        return old;
      end $$`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`
      create trigger audit_log_no_early_delete before delete on audit_log
      when old.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 year')
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
    await sql`drop function audit_log_append_only()`.execute(db);
  }
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('person').dropColumn('last_sign_in_at').execute();
}
