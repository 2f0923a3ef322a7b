import type { Language } from '@portal/contract/common';
import type { Period } from './days';
import { restClient, restFile } from './rest-client';
import { saveFile } from './save-file';

// Calls of the API for the figures of a period: the period goes along as ?from=&to=.

const periodQuery = ({ from, to }: Period) => ({ from, to });

/** A call for the figures of one object (a licence, a project) in a period. */
export interface PeriodRequest {
  id: string;
  period: Period;
  signal?: AbortSignal;
}

/** GET `path` for the period (?from=&to=). */
export function getForPeriod<T>(path: string, period: Period, signal?: AbortSignal) {
  return restClient.get<T>(path, { query: periodQuery(period), signal });
}

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
    query: { ...periodQuery(period), format: 'csv' },
    language,
  });
  return saveFile(file, `${prefix}-${period.from}-${period.to}.csv`);
}
