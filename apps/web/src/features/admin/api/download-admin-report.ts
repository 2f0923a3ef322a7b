import type { Language } from '@portal/contract/common';
import { restFile } from '@/lib/rest-client';
import type { Period } from '@/lib/days';
import { adminReportPath } from '@/lib/rest-paths';

/**
 * The report of a period as CSV (`format=csv`). A link cannot send the bearer token, so the
 * file is fetched and handed to the browser as a download. Returns the file name.
 */
export async function downloadAdminReport({ period, language }: { period: Period; language: Language }) {
  const file = await restFile(adminReportPath(), 'text/csv', {
    query: { from: period.from, to: period.to, format: 'csv' },
    language,
  });
  const fileName = file.fileName ?? `report-${period.from}-${period.to}.csv`;
  const url = URL.createObjectURL(file.blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file over; revoking at once can cancel it in some browsers.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return fileName;
}
