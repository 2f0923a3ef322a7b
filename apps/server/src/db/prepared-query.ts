import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Db } from './database.js';
import { mayRunDirect, prepareDirect, type DirectStatement } from './sqlite-direct.js';

/** Stands for parameter `index` (item `item` of an array parameter) while the query is compiled. */
const PREFIX = '__prepared_parameter_';
const marker = (index: number, item?: number): string => `${PREFIX}${index}${item === undefined ? '' : `.${item}`}`;
const MARKER = new RegExp(`^${PREFIX}(\\d+)(?:\\.(\\d+))?$`);

type Slot = { constant: unknown } | { index: number; item: number | undefined };

interface Prepared {
  query: CompiledQuery;
  slots: Slot[];
  /** On SQLite, the statement run without kysely's executor (null: not possible); see sqlite-direct.ts. */
  direct?: DirectStatement | null;
}

/** Shapes kept per query: array parameters of other lengths compile to other SQL texts. */
const MAX_SHAPES = 64;

/**
 * A query that kysely builds and compiles once per dialect and parameter shape, then runs with
 * new values. Building and compiling a query costs kysely several times what SQLite needs to run
 * a point lookup, and hot read paths (the signed-in person, projects, usage) run on every call.
 *
 * `build` must use its parameters only as values (comparisons, `in` lists), never to choose the
 * query's structure by their values. An array parameter is an `in` list (it must not be empty),
 * or its items are used one by one as values; its length is part of the shape a statement is
 * kept for, so the structure may follow it (e.g. an optional range as an array of 0 or 2).
 */
export function preparedQuery<Params extends readonly unknown[], Row>(
  build: (db: Db, ...params: Params) => Compilable<Row>,
): (db: Db, ...params: Params) => Promise<Row[]> {
  // Keyed by the dialect's adapter: a transaction shares its database's adapter.
  const byAdapter = new WeakMap<object, Map<string, Prepared>>();

  function prepare(db: Db, params: Params): Prepared {
    const markers = params.map((p, index) =>
      Array.isArray(p) ? p.map((_, item) => marker(index, item)) : marker(index),
    ) as unknown as Params;
    const query = build(db, ...markers).compile();
    if (query.sql.includes(PREFIX)) throw new Error('preparedQuery: a parameter was used outside a value position');
    const slots = query.parameters.map((value): Slot => {
      const match = typeof value === 'string' ? MARKER.exec(value) : null;
      if (!match) return { constant: value };
      return { index: Number(match[1]), item: match[2] === undefined ? undefined : Number(match[2]) };
    });
    return { query, slots };
  }

  return async (db, ...params) => {
    const adapter = db.getExecutor().adapter;
    let shapes = byAdapter.get(adapter);
    if (!shapes) byAdapter.set(adapter, (shapes = new Map<string, Prepared>()));
    const shape = params.map((p) => (Array.isArray(p) ? p.length : '-')).join(',');
    let prepared = shapes.get(shape);
    if (!prepared) {
      prepared = prepare(db, params);
      if (shapes.size < MAX_SHAPES) shapes.set(shape, prepared);
    }
    const parameters = prepared.slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      const value: unknown = params[slot.index];
      return slot.item === undefined ? value : (value as readonly unknown[])[slot.item];
    });
    if (prepared.direct === undefined) prepared.direct = (await prepareDirect(db, prepared.query.sql)) ?? null;
    if (prepared.direct && mayRunDirect(db)) return prepared.direct.run(parameters) as Row[];
    const result = await db.executeQuery<Row>({ ...prepared.query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
