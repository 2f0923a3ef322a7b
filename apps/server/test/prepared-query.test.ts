import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { preparedQuery } from '../src/db/prepared-query.js';
import { createService, createTestDatabase, type TestDatabase } from './helper.js';

// Hot read queries are compiled once and run with new values: they must answer exactly what the
// same query built afresh answers, for every value and every length of an `in` list.

describe('prepared queries', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    for (const [id, price] of [['prepA', 100], ['prepB', 200], ['prepC', 300]] as const) {
      await createService(database.db, { id, pricePer1000Calls: price });
    }
  });
  afterAll(async () => {
    await database.destroy();
  });

  const build = (db: Db, ids: readonly string[], minPrice: number) =>
    db
      .selectFrom('service')
      .select(['id', 'pricePer1000Calls'])
      .where('id', 'in', ids)
      .where('pricePer1000Calls', '>=', minPrice)
      .where('accounting', '=', 'request')
      .orderBy('id');
  const prepared = preparedQuery(build);

  it('answers as the freshly built query does, whatever the values and list lengths', async () => {
    const cases: Array<[string[], number]> = [
      [['prepA'], 0],
      [['prepA', 'prepB', 'prepC'], 150],
      [['prepC', 'prepA'], 0],
      [['prepB', 'nope'], 250],
      [['prepA', 'prepB', 'prepC'], 0],
      [['prepA'], 500],
    ];
    for (const [ids, minPrice] of cases) {
      expect(await prepared(database.db, ids, minPrice), `${ids.join()} ≥ ${minPrice}`).toEqual(
        await build(database.db, ids, minPrice).execute(),
      );
    }
  });

  it('runs inside a transaction as well', async () => {
    const rows = await database.db.transaction().execute((trx) => prepared(trx, ['prepB'], 0));
    expect(rows.map((r) => r.id)).toEqual(['prepB']);
  });

  it('never shows a query from outside what an open transaction has not committed', async () => {
    // On SQLite every query shares one connection: one from outside must wait for the transaction.
    let outside: Promise<Array<{ id: string }>> | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await createService(trx, { id: 'prepUncommitted', pricePer1000Calls: 100 });
        expect((await prepared(trx, ['prepUncommitted'], 0)).map((r) => r.id)).toEqual(['prepUncommitted']);
        outside = prepared(database.db, ['prepUncommitted', 'prepA'], 0);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await outside!).map((r) => r.id)).toEqual(['prepA']);
  });

  it('refuses a parameter that would shape the query instead of being a value', async () => {
    const shaping = preparedQuery((db: Db, column: string) =>
      db.selectFrom('service').select('id').where(column as 'id', '=', 'x'),
    );
    await expect(shaping(database.db, 'id')).rejects.toThrow(/outside a value position/);
  });
});
