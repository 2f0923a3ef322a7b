import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createRowTriggersPostgres } from './0004-usage-rollup.js';

// On PostgreSQL the monthly roll-up of usage (0004, docs/performance.md#usage-at-scale) is kept by
// statement-level triggers: each insert, update or delete of usage_daily adds what it changed,
// summed per licence and month, in one statement. The row-level triggers ran a PL/pgSQL call and
// an upsert into usage_monthly for every daily row: 5,000 of each for an ingest batch, which
// held the batch to about 20,000 rows a second. Same rule as before: in the same transaction as
// the write, so the months can never disagree with the days. SQLite has no statement-level
// triggers and keeps its row triggers (cheap there: no procedure call, no round of planning).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger usage_daily_rollup_update on usage_daily`.execute(db);
  await sql`drop trigger usage_daily_rollup_insert_delete on usage_daily`.execute(db);
  await sql`drop function usage_daily_rollup()`.execute(db);

  // One function for the three triggers; each names only the transition tables its event has.
  // The sums are written in key order, so two batches running at once lock the months' rows in
  // the same order and cannot deadlock each other.
  await sql`
    create function usage_daily_rollup_statement() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into usage_monthly (licence_id, month, count)
        select licence_id, substr(day, 1, 7), sum(count) from written group by 1, 2 order by 1, 2
        on conflict (licence_id, month) do update set count = usage_monthly.count + excluded.count;
      elsif tg_op = 'UPDATE' then
        -- What the new rows hold minus what the old ones held; a row may move to another month.
        insert into usage_monthly (licence_id, month, count)
        select licence_id, month, sum(delta) from (
          select licence_id, substr(day, 1, 7) as month, count as delta from written
          union all
          select licence_id, substr(day, 1, 7), -count from replaced
        ) changes group by 1, 2 having sum(delta) <> 0 order by 1, 2
        on conflict (licence_id, month) do update set count = usage_monthly.count + excluded.count;
      else
        update usage_monthly set count = usage_monthly.count - removed_months.total
        from (select licence_id, substr(day, 1, 7) as month, sum(count) as total from replaced group by 1, 2) removed_months
        where usage_monthly.licence_id = removed_months.licence_id and usage_monthly.month = removed_months.month;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger usage_daily_rollup_insert after insert on usage_daily
    referencing new table as written for each statement execute function usage_daily_rollup_statement()`.execute(db);
  await sql`
    create trigger usage_daily_rollup_update after update on usage_daily
    referencing old table as replaced new table as written for each statement execute function usage_daily_rollup_statement()`.execute(db);
  await sql`
    create trigger usage_daily_rollup_delete after delete on usage_daily
    referencing old table as replaced for each statement execute function usage_daily_rollup_statement()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const trigger of ['usage_daily_rollup_insert', 'usage_daily_rollup_update', 'usage_daily_rollup_delete']) {
    await sql`drop trigger ${sql.id(trigger)} on usage_daily`.execute(db);
  }
  await sql`drop function usage_daily_rollup_statement()`.execute(db);
  await createRowTriggersPostgres(db);
}
