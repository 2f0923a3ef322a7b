import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { FIRST_DAY, LAST_DAY } from '@portal/contract/common';
import { usageIngestSchema } from '@portal/contract/usage';
import type { Database } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { licenceIdsByKey, upsertUsage } from '../usage-record/usage.repository.js';

// `portal usage:import FILE.csv`: the ingest call's semantics (absolute daily counts per licence
// key, the last line for a key and day wins, unknown keys reported) for a file of any length.
// The file is read as a stream and written in batches, so memory stays bounded however many
// lines it has.

const BATCH_LINES = 2000;
/** Longest line read; anything longer is a bad line (a licence key is 43 characters). */
const MAX_LINE_CHARS = 1000;
/** Known keys remembered between batches; the cache starts over when full. */
const KEY_CACHE_MAX = 100_000;
/** Problems listed one by one; further ones are only counted. */
const MAX_LISTED = 100;

const itemSchema = usageIngestSchema.shape.items.element;

export interface UsageImportReport {
  lines: number;
  stored: number;
  /** The first unknown keys, each with its first line and number of lines. */
  unknownKeys: Array<{ licenceKey: string; firstLine: number; lines: number }>;
  /** Every line naming an unknown key, listed or not. */
  unknownKeyLines: number;
  badLines: Array<{ line: number; problem: string }>;
  badLineCount: number;
}

/** The lines of a text stream, pulled chunk by chunk (the stream waits while a batch is written). */
async function* readLines(input: Readable): AsyncGenerator<string> {
  let rest = '';
  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) {
    rest += chunk;
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) yield part.replace(/\r$/, '');
    // A line that never ends is cut here and reported as too long.
    if (rest.length > MAX_LINE_CHARS) {
      yield rest;
      rest = '';
    }
  }
  if (rest !== '') yield rest.replace(/\r$/, '');
}

const unquote = (field: string): string => field.trim().replace(/^"(.*)"$/, '$1');

/** A line's item, or why it is not one. */
function parseLine(text: string): { licenceKey: string; day: string; count: number } | string {
  if (text.length > MAX_LINE_CHARS) return `longer than ${MAX_LINE_CHARS} characters`;
  const fields = text.split(',').map(unquote);
  if (fields.length !== 3) return `expected 3 fields (licenceKey,day,count), found ${fields.length}`;
  const [licenceKey = '', day = '', count = ''] = fields;
  if (!/^\d{1,10}$/.test(count)) return `count ${JSON.stringify(count)} is not a whole number`;
  const item = itemSchema.safeParse({ licenceKey, day, count: Number(count) });
  if (item.success) return item.data;
  const field = String(item.error.issues[0]?.path[0] ?? 'line');
  if (field === 'day') return `day ${JSON.stringify(day)} is not a day between ${FIRST_DAY} and ${LAST_DAY}`;
  return `${field} ${JSON.stringify(field === 'licenceKey' ? licenceKey : count)} is not valid`;
}

const isHeader = (text: string): boolean =>
  /^"?licenceKey"?\s*,\s*"?day"?\s*,\s*"?count"?$/i.test(text.trim());

/**
 * `afterBatch` runs after each batch is stored (the usage alerts); `now` decides which replaced
 * keys still count (docs/domain.md#licence-keys).
 */
export async function importUsageCsv(
  db: Kysely<Database>,
  input: Readable,
  options: {
    now: Date;
    afterBatch?: (rows: ReadonlyArray<{ licenceId: string; day: string }>) => Promise<unknown>;
  },
): Promise<UsageImportReport> {
  const now = nowIso(options.now);
  const report: UsageImportReport = {
    lines: 0,
    stored: 0,
    unknownKeys: [],
    unknownKeyLines: 0,
    badLines: [],
    badLineCount: 0,
  };
  const knownKeys = new Map<string, string | null>();
  const unknown = new Map<string, { licenceKey: string; firstLine: number; lines: number }>();
  let batch: Array<{ licenceKey: string; day: string; count: number; line: number }> = [];

  const flush = async (): Promise<void> => {
    const keys = [...new Set(batch.map((i) => i.licenceKey))];
    if (knownKeys.size + keys.length > KEY_CACHE_MAX) knownKeys.clear();
    const missing = keys.filter((k) => !knownKeys.has(k));
    const found = await licenceIdsByKey(db, missing, now);
    for (const key of missing) knownKeys.set(key, found.get(key) ?? null);
    const rows = new Map<string, { licenceId: string; day: string; count: number }>();
    for (const item of batch) {
      const licenceId = knownKeys.get(item.licenceKey);
      if (licenceId) {
        rows.set(`${licenceId}|${item.day}`, { licenceId, day: item.day, count: item.count }); // the last line wins
        report.stored++;
        continue;
      }
      report.unknownKeyLines++;
      const seen = unknown.get(item.licenceKey);
      if (seen) seen.lines++;
      else if (unknown.size < MAX_LISTED)
        unknown.set(item.licenceKey, { licenceKey: item.licenceKey, firstLine: item.line, lines: 1 });
    }
    await db.transaction().execute((trx) => upsertUsage(trx, [...rows.values()]));
    await options.afterBatch?.([...rows.values()]);
    batch = [];
  };

  for await (const text of readLines(input)) {
    report.lines++;
    if (text.trim() === '' || (report.lines === 1 && isHeader(text))) continue;
    const item = parseLine(text);
    if (typeof item === 'string') {
      report.badLineCount++;
      if (report.badLines.length < MAX_LISTED) report.badLines.push({ line: report.lines, problem: item });
      continue;
    }
    batch.push({ ...item, line: report.lines });
    if (batch.length >= BATCH_LINES) await flush();
  }
  if (batch.length > 0) await flush();
  report.unknownKeys = [...unknown.values()];
  return report;
}
