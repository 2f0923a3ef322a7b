// Generated data for the report and ingest figures: 2,000 owners, 10,000 projects and 30,000
// licences (a few of each deleted), then usage rows grown in steps (100k, 1M, 10M). Written
// straight into the database in bulk, bounded: SQLite in transactions of at most CHUNK_ROWS rows
// through prepared statements, PostgreSQL server-side from generate_series (no rows travel).
// The database must be migrated and hold the demo catalogue and accounts (start the portal once).
import { createHash } from 'node:crypto';

export const OWNERS = 2000;
export const PROJECTS = 10_000;
export const LICENCES = 30_000;
/** Last day with usage; the month report is its month, the year report the twelve months up to it. */
export const END_DAY = '2026-10-31';
export const MONTH = { from: '2026-10-01', to: '2026-10-31' };
export const YEAR = { from: '2025-11-01', to: '2026-10-31' };
const CHUNK_ROWS = 200_000;

const DAY_MS = 86_400_000;
const dayNumber = (day) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const pad = (n, width) => String(n).padStart(width, '0');

const ownerId = (o) => `benchU${pad(o, 5)}`;
const projectId = (p) => `benchP${pad(p, 5)}`;
export const licenceId = (l) => `benchL${pad(l, 5)}`;
/** Same shape as real keys (lk_ and 27 URL-safe characters), derived from the number. */
export const licenceKey = (l) =>
  `lk_${createHash('sha256').update(`bench${l}`).digest('base64url').slice(0, 27)}`;
// German and English names, umlauts included, so the report sorts as it would for real.
const NAMES = [
  'Äpfelhof',
  'Zebra Shop',
  'Mühlenwerk',
  'apfel-markt',
  'Özdemir GmbH',
  'Beta',
  'Straße 12',
  'Ueberlingen',
  'Zoo',
  'Ärzte-Portal',
];

/** Days of usage of licence l when the whole data set has `rows` rows (spread evenly). */
const daysOf = (l, rows) => Math.floor(rows / LICENCES) + (l < rows % LICENCES ? 1 : 0);
const countOf = (l, dayIndex) => (l * 7919 + dayIndex * 104_729) % 5000;

function entities(serviceIds) {
  const at = (day) => `${day}T10:00:00.000Z`;
  const owners = Array.from({ length: OWNERS }, (_, o) => ({
    id: ownerId(o),
    email: `bench-owner-${o}@example.com`,
    firstname: o % 7 === 0 ? '' : `Vorname${o}`,
    lastname: o % 7 === 0 ? '' : `Nachname${o}`,
  }));
  const projects = Array.from({ length: PROJECTS }, (_, p) => ({
    id: projectId(p),
    ownerId: ownerId(p % OWNERS),
    name: `${NAMES[p % NAMES.length]} ${p}`,
    createdAt: at(dayOf(dayNumber('2024-01-01') + (p % 365))),
    // 3 % deleted during the year reported, so deleted projects show in it.
    deletedAt: p % 33 === 0 ? at(dayOf(dayNumber('2026-03-01') + (p % 200))) : null,
  }));
  const licences = Array.from({ length: LICENCES }, (_, l) => {
    const p = Math.floor(l / 3);
    return {
      id: licenceId(l),
      projectId: projectId(p),
      serviceId: serviceIds[(p + (l % 3)) % serviceIds.length],
      licenceKey: licenceKey(l),
      createdAt: at(dayOf(dayNumber('2024-06-01') + (l % 300))),
      deletedAt: l % 25 === 0 ? at(dayOf(dayNumber('2026-01-15') + (l % 250))) : null,
    };
  });
  return { owners, projects, licences };
}

/** New usage rows going from `fromRows` to `toRows`: earlier days of each licence, in key order. */
function* usageRows(fromRows, toRows) {
  const end = dayNumber(END_DAY);
  for (let l = 0; l < LICENCES; l++) {
    for (let d = daysOf(l, fromRows); d < daysOf(l, toRows); d++) {
      yield [licenceId(l), dayOf(end - d), countOf(l, d)];
    }
  }
}

// ---- SQLite ---------------------------------------------------------------------------------

export async function sqliteData(file) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  let rows = 0;
  return {
    async createEntities() {
      const serviceIds = db
        .prepare('select id from service order by id')
        .all()
        .map((s) => s.id);
      const { owners, projects, licences } = entities(serviceIds);
      const person = db.prepare(
        `insert into person (id, email, password_hash, firstname, lastname, language, is_admin, created_at, updated_at)
         values (?, ?, 'x', ?, ?, 'de', 0, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`,
      );
      const project = db.prepare(
        `insert into project (id, owner_id, name, description, created_at, updated_at, deleted_at) values (?, ?, ?, 'bench', ?, ?, ?)`,
      );
      const licence = db.prepare(
        `insert into service_licence (id, project_id, service_id, licence_key, created_at, updated_at, deleted_at) values (?, ?, ?, ?, ?, ?, ?)`,
      );
      db.transaction(() => {
        for (const o of owners) person.run(o.id, o.email, o.firstname, o.lastname);
        for (const p of projects) project.run(p.id, p.ownerId, p.name, p.createdAt, p.createdAt, p.deletedAt);
        for (const l of licences)
          licence.run(l.id, l.projectId, l.serviceId, l.licenceKey, l.createdAt, l.createdAt, l.deletedAt);
      })();
    },
    async growUsage(toRows) {
      const insert = db.prepare('insert into usage_daily (licence_id, day, count) values (?, ?, ?)');
      const write = db.transaction((batch) => {
        for (const r of batch) insert.run(r[0], r[1], r[2]);
      });
      let batch = [];
      for (const row of usageRows(rows, toRows)) {
        batch.push(row);
        if (batch.length >= CHUNK_ROWS) {
          write(batch);
          batch = [];
        }
      }
      write(batch);
      rows = toRows;
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async rollupAgrees() {
      const wrong = db
        .prepare(
          `select count(*) as n from (select licence_id, substr(day, 1, 7) as month, sum(count) as total from usage_daily group by 1, 2) d
           left join usage_monthly m on m.licence_id = d.licence_id and m.month = d.month where m.count is not d.total`,
        )
        .get().n;
      return wrong === 0;
    },
    async close() {
      db.close();
    },
  };
}

// ---- PostgreSQL -----------------------------------------------------------------------------

export async function postgresData(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows = 0;
  return {
    async createEntities() {
      const serviceIds = (await client.query('select id from service order by id')).rows.map((s) => s.id);
      const { owners, projects, licences } = entities(serviceIds);
      await client.query('begin');
      await client.query(
        `insert into person (id, email, password_hash, firstname, lastname, language, is_admin, created_at, updated_at)
         select id, email, 'x', firstname, lastname, 'de', 0, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z'
         from json_to_recordset($1) as x(id text, email text, firstname text, lastname text)`,
        [JSON.stringify(owners)],
      );
      await client.query(
        `insert into project (id, owner_id, name, description, created_at, updated_at, deleted_at)
         select id, "ownerId", name, 'bench', "createdAt", "createdAt", "deletedAt"
         from json_to_recordset($1) as x(id text, "ownerId" text, name text, "createdAt" text, "deletedAt" text)`,
        [JSON.stringify(projects)],
      );
      await client.query(
        `insert into service_licence (id, project_id, service_id, licence_key, created_at, updated_at, deleted_at)
         select id, "projectId", "serviceId", "licenceKey", "createdAt", "createdAt", "deletedAt"
         from json_to_recordset($1) as x(id text, "projectId" text, "serviceId" text, "licenceKey" text, "createdAt" text, "deletedAt" text)`,
        [JSON.stringify(licences)],
      );
      await client.query('commit');
      // What autovacuum does soon after such a load: the planner's statistics of these tables.
      await client.query('analyze person, project, service_licence');
    },
    async growUsage(toRows) {
      // Bulk load without the roll-up triggers (a superuser's replica mode), then the months are
      // rebuilt from the daily rows in one statement: much faster than a trigger per row, and
      // rollupAgrees() checks the outcome. The ingest figure runs with the triggers on.
      const base = Math.floor(rows / LICENCES);
      const top = Math.floor(toRows / LICENCES);
      await client.query('set session_replication_role = replica');
      // Each statement adds the days [from, to) of a range of licences: bounded transactions.
      const step = Math.max(1, Math.floor(CHUNK_ROWS / Math.max(1, top - base + 1)));
      for (let first = 0; first < LICENCES; first += step) {
        const last = Math.min(LICENCES, first + step) - 1;
        await client.query(
          `insert into usage_daily (licence_id, day, count)
           select 'benchL' || lpad(l::text, 5, '0'), to_char(date '${END_DAY}' - d, 'YYYY-MM-DD'), (l * 7919 + d * 104729) % 5000
           from generate_series($1::int, $2::int) l
           cross join lateral generate_series($3::int + (l < $4::int)::int, $5::int + (l < $6::int)::int - 1) d`,
          [first, last, base, rows % LICENCES, top, toRows % LICENCES],
        );
      }
      await client.query('set session_replication_role = origin');
      await client.query('begin');
      await client.query('delete from usage_monthly');
      await client.query(
        `insert into usage_monthly (licence_id, month, count) select licence_id, substr(day, 1, 7), sum(count) from usage_daily group by 1, 2`,
      );
      await client.query('commit');
      // What autovacuum does on its own: statistics, and the visibility map index-only scans need.
      await client.query('vacuum analyze usage_daily');
      await client.query('vacuum analyze usage_monthly');
      rows = toRows;
    },
    async rollupAgrees() {
      const { rows: result } = await client.query(
        `select count(*)::int as n from (select licence_id, substr(day, 1, 7) as month, sum(count) as total from usage_daily group by 1, 2) d
         left join usage_monthly m on m.licence_id = d.licence_id and m.month = d.month where m.count is distinct from d.total`,
      );
      return result[0].n === 0;
    },
    async close() {
      await client.end();
    },
  };
}
