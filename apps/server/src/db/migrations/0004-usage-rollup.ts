import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Usage at scale (docs/performance.md#usage-at-scale). The admin report sums usage over months
// for every licence; at millions of daily rows that means reading them all. usage_monthly holds
// each licence's calls per calendar month, derived from usage_daily by triggers in the same
// transaction as every write to it (the ingest call, the CLI's import, anything else), so it can
// never disagree with the daily rows. It stores calls, never money: costs are still computed
// when the report is read (docs/domain.md#cost-model).
//
// Both tables are read by key ranges (a licence's days or months), with the count found in the
// key's index: SQLite stores them clustered by their key (WITHOUT ROWID), PostgreSQL's key index
// of usage_daily includes the count. Sums for all licences go licence by licence through these
// keys, so no second index is needed, and the former day index goes: every write paid for it.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  // SQLite cannot change a table's storage: build the clustered table and move the rows over.
  await sql`
    create table usage_daily_clustered (
      licence_id text not null references service_licence (id),
      day text not null,
      count integer not null check (count >= 0),
      constraint usage_daily_pk primary key (licence_id, day)
    ) without rowid`.execute(db);
  await sql`insert into usage_daily_clustered (licence_id, day, count) select licence_id, day, count from usage_daily`.execute(db);
  await sql`drop table usage_daily`.execute(db);
  await sql`alter table usage_daily_clustered rename to usage_daily`.execute(db);

  await sql`
    create table usage_monthly (
      licence_id text not null references service_licence (id),
      month text not null,
      count integer not null,
      constraint usage_monthly_pk primary key (licence_id, month)
    ) without rowid`.execute(db);
  await fillMonthly(db);

  const addToMonth = sql`
    insert into usage_monthly (licence_id, month, count) values (new.licence_id, substr(new.day, 1, 7), new.count)
    on conflict (licence_id, month) do update set count = count + excluded.count`;
  const takeFromMonth = sql`
    update usage_monthly set count = count - old.count where licence_id = old.licence_id and month = substr(old.day, 1, 7)`;
  await sql`create trigger usage_daily_rollup_insert after insert on usage_daily begin ${addToMonth}; end`.execute(db);
  // A resent batch rewrites nothing (see upsertUsage); a real change moves the difference.
  await sql`
    create trigger usage_daily_rollup_update after update on usage_daily
    when old.count is not new.count or old.day is not new.day or old.licence_id is not new.licence_id
    begin ${takeFromMonth}; ${addToMonth}; end`.execute(db);
  await sql`create trigger usage_daily_rollup_delete after delete on usage_daily begin ${takeFromMonth}; end`.execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`alter table usage_daily drop constraint usage_daily_pk, add constraint usage_daily_pk primary key (licence_id, day) include (count)`.execute(db);
  await sql`drop index usage_daily_day_idx`.execute(db);

  await sql`
    create table usage_monthly (
      licence_id text not null references service_licence (id),
      month text not null,
      count bigint not null,
      -- No count in the key's index: an increment then stays a cheap in-place (HOT) update.
      constraint usage_monthly_pk primary key (licence_id, month)
    )`.execute(db);
  await fillMonthly(db);

  await createRowTriggersPostgres(db);
}

/** The roll-up's row-level triggers on PostgreSQL (0010 replaces them by statement-level ones). */
export async function createRowTriggersPostgres(db: Kysely<any>): Promise<void> {
  await sql`
    create function usage_daily_rollup() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update usage_monthly set count = count - old.count
        where licence_id = old.licence_id and month = substr(old.day, 1, 7);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into usage_monthly (licence_id, month, count) values (new.licence_id, substr(new.day, 1, 7), new.count)
        on conflict (licence_id, month) do update set count = usage_monthly.count + excluded.count;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger usage_daily_rollup_insert_delete after insert or delete on usage_daily
    for each row execute function usage_daily_rollup()`.execute(db);
  await sql`
    create trigger usage_daily_rollup_update after update on usage_daily for each row
    when (old.count is distinct from new.count or old.day is distinct from new.day or old.licence_id is distinct from new.licence_id)
    execute function usage_daily_rollup()`.execute(db);
}

async function fillMonthly(db: Kysely<any>): Promise<void> {
  await sql`
    insert into usage_monthly (licence_id, month, count)
    select licence_id, substr(day, 1, 7), sum(count) from usage_daily group by licence_id, substr(day, 1, 7)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger usage_daily_rollup_update on usage_daily`.execute(db);
    await sql`drop trigger usage_daily_rollup_insert_delete on usage_daily`.execute(db);
    await sql`drop function usage_daily_rollup()`.execute(db);
  } else {
    for (const trigger of ['usage_daily_rollup_insert', 'usage_daily_rollup_update', 'usage_daily_rollup_delete']) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
  }
  await db.schema.dropTable('usage_monthly').execute();
  await db.schema.createIndex('usage_daily_day_idx').on('usage_daily').columns(['day', 'licence_id']).execute();
  // usage_daily keeps its clustered layout: it holds the same rows and serves the same queries.
}
