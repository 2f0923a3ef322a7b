import { downloadPeriodCsv, type PeriodDownload } from '@/lib/period-calls';
import { projectPaths } from '@/lib/rest-paths-signed-in';

/** The project's calls per licence and day of the period as CSV, saved as a download. */
export function downloadProjectUsage({ id, ...download }: PeriodDownload & { id: string }) {
  return downloadPeriodCsv(projectPaths.usage(id), `usage-${id}`, download);
}
