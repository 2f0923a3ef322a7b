import type { Language } from '@portal/contract/common';
import type { Period } from './days';
import { restFile } from './rest-client';
import { saveFile } from './save-file';

// Calls of the API for the figures of a period: the period goes along as ?from=&to=.

export interface PeriodDownload {
  period: Period;
  language: Language;
}

/**
 * The figures of `path` for the period as CSV (`format=csv`), saved as a download. Without a
 * file name from the server it is `<prefix>-<from>-<to>.csv`. Returns the file name.
 */
export async function downloadPeriodCsv(path: string, prefix: string, { period, language }: PeriodDownload) {
  const file = await restFile(path, 'text/csv', {
    query: { from: period.from, to: period.to, format: 'csv' },
    language,
  });
  return saveFile(file, `${prefix}-${period.from}-${period.to}.csv`);
}
