import type { Language } from '@portal/contract/common';
import type { Period } from '@/lib/days';
import { restFile } from '@/lib/rest-client';
import { licenceToolPaths } from '@/lib/rest-paths';
import { saveFile } from '@/lib/save-file';

/** The licence's calls per day of the period as CSV, saved as a download. Returns the file name. */
export async function downloadLicenceUsage({
  id,
  period,
  language,
}: {
  id: string;
  period: Period;
  language: Language;
}) {
  const file = await restFile(licenceToolPaths.usage(id), 'text/csv', {
    query: { from: period.from, to: period.to, format: 'csv' },
    language,
  });
  return saveFile(file, `usage-${id}-${period.from}-${period.to}.csv`);
}
