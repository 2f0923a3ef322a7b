import type { Language } from '@portal/contract/common';
import { restFile } from '@/lib/rest-client';
import type { Period } from '@/lib/days';
import { adminReportPath } from '@/lib/rest-paths';
import { saveFile } from '@/lib/save-file';

/** The report of a period as CSV (`format=csv`), saved as a download. Returns the file name. */
export async function downloadAdminReport({ period, language }: { period: Period; language: Language }) {
  const file = await restFile(adminReportPath(), 'text/csv', {
    query: { from: period.from, to: period.to, format: 'csv' },
    language,
  });
  return saveFile(file, `report-${period.from}-${period.to}.csv`);
}
