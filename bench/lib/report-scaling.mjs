// The admin report (one month, twelve months) against the number of usage rows, on generated
// data (scale-data.mjs), timed as an admin sees it: the HTTP call including JSON. Then the ingest
// figure on the same database, at its largest size. One dialect per call.
import { MONTH, YEAR } from './scale-data.mjs';
import { measureIngest } from './ingest.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeReport(base, token, period) {
  const url = `${base}/rest/collection/admin/projects?from=${period.from}&to=${period.to}`;
  const once = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`report answered ${res.status}`);
    const body = await res.json();
    return { ms: performance.now() - t, projects: body.projects.length };
  };
  await once(); // warm-up: the first call also fills the database's page cache
  const runs = [await once(), await once(), await once()];
  return { ms: Math.round(median(runs.map((r) => r.ms))), projects: runs[0].projects };
}

/**
 * steps: usage row counts to grow through (ascending). portal(env) starts the built server on this
 * database and resolves { base, stop, signIn }. data: sqliteData() or postgresData().
 */
export async function reportScaling({ dialect, data, portal, steps, ingest, log }) {
  const report = [];
  await data.createEntities();
  for (const usageRows of steps) {
    const started = performance.now();
    await data.growUsage(usageRows);
    const generatedS = Math.round((performance.now() - started) / 100) / 10;
    if (!(await data.rollupAgrees())) throw new Error(`${dialect}: usage_monthly disagrees with usage_daily`);
    const server = await portal();
    try {
      const token = await server.signIn('admin@example.com', 'admin1234');
      const month = await timeReport(server.base, token, MONTH);
      const year = await timeReport(server.base, token, YEAR);
      const row = {
        dialect,
        usageRows,
        monthMs: month.ms,
        yearMs: year.ms,
        projects: year.projects,
        generatedS,
      };
      report.push(row);
      log(
        `report ${dialect.padEnd(8)} ${String(usageRows).padStart(9)} usage rows: month ${String(month.ms).padStart(5)} ms, ` +
          `year ${String(year.ms).padStart(5)} ms (${year.projects} projects; rows generated in ${generatedS} s)`,
      );
    } finally {
      await server.stop();
    }
  }
  let ingestRow;
  if (ingest) {
    const server = await portal(ingest.env);
    try {
      ingestRow = { dialect, ...(await measureIngest({ base: server.base, token: ingest.token })) };
      log(
        `ingest ${dialect.padEnd(8)} ${ingestRow.rowsPerSecond} rows/s new, ${ingestRow.resendRowsPerSecond} rows/s resent ` +
          `(${ingestRow.batches} batches of ${ingestRow.batchSize})`,
      );
    } finally {
      await server.stop();
    }
  }
  return { report, ingest: ingestRow };
}
