import { downloadPeriodCsv, type PeriodDownload } from '@/lib/period-calls';
import { licenceToolPaths } from '@/lib/rest-paths-signed-in';

/** The licence's calls per day of the period as CSV, saved as a download. Returns the file name. */
export function downloadLicenceUsage({ id, ...download }: PeriodDownload & { id: string }) {
  return downloadPeriodCsv(licenceToolPaths.usage(id), `usage-${id}`, download);
}
