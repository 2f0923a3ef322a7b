import { createReadStream, existsSync } from 'node:fs';
import { checkUsageAlerts, licenceLinks } from '../../modules/licence-tools/usage-alert.service.js';
import { importUsageCsv } from '../../modules/usage/usage-import.service.js';
import { CliError, usageError, type Command } from '../command.js';
import { withDatabase } from '../database.js';

export const usageImport: Command = {
  name: 'usage:import',
  summary: 'Loads daily usage from a CSV file (licenceKey,day,count), as the ingest call does.',
  positionals: ['FILE.csv'],
  options: {},
  notes: [
    'Counts are absolute per licence and day: importing a file again changes nothing, and for one key',
    'and day the last line wins. A header line is optional. Unknown keys and bad lines are reported',
    'with their line numbers (exit code 1); all other lines are stored.',
  ],
  async run(invocation) {
    const file = invocation.positionals[0] ?? '';
    if (!existsSync(file)) throw usageError(`${file} does not exist`);
    const link = licenceLinks(invocation.config());
    const now = invocation.clock.now();
    const report = await withDatabase(invocation, ({ db }) =>
      importUsageCsv(db, createReadStream(file), {
        now,
        // Months that reach a licence's alert threshold queue its mail, as after the ingest call.
        afterBatch: (rows) => checkUsageAlerts(db, rows, now, link),
      }),
    );
    const problems = report.badLineCount + report.unknownKeyLines;
    invocation.print(
      `Read ${report.lines} lines: ${report.stored} counts stored, ${problems} lines not stored`,
    );
    for (const key of report.unknownKeys) {
      invocation.print(`line ${key.firstLine}: unknown licence key ${key.licenceKey} (${key.lines} lines)`);
    }
    const listedUnknown = report.unknownKeys.reduce((sum, k) => sum + k.lines, 0);
    if (report.unknownKeyLines > listedUnknown) {
      invocation.print(
        `… and ${report.unknownKeyLines - listedUnknown} more lines with unknown licence keys`,
      );
    }
    for (const bad of report.badLines) invocation.print(`line ${bad.line}: ${bad.problem}`);
    if (report.badLineCount > report.badLines.length) {
      invocation.print(`… and ${report.badLineCount - report.badLines.length} more bad lines`);
    }
    if (problems > 0) throw new CliError(`${problems} lines were not stored (listed above)`);
  },
};
