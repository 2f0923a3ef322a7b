import { downloadPeriodCsv, type PeriodDownload } from '@/lib/period-calls';
import { adminReportPath } from '@/lib/rest-paths-signed-in';

/** The report of a period as CSV (`format=csv`), saved as a download. Returns the file name. */
export function downloadAdminReport(download: PeriodDownload) {
  return downloadPeriodCsv(adminReportPath(), 'report', download);
}
