import type { Language } from '@portal/contract/common';
import type { Period } from '@/lib/days';
import { restFile } from '@/lib/rest-client';
import { projectPaths } from '@/lib/rest-paths';
import { saveFile } from '@/lib/save-file';

/** The project's calls per licence and day of the period as CSV, saved as a download. */
export async function downloadProjectUsage({
  id,
  period,
  language,
}: {
  id: string;
  period: Period;
  language: Language;
}) {
  const file = await restFile(projectPaths.usage(id), 'text/csv', {
    query: { from: period.from, to: period.to, format: 'csv' },
    language,
  });
  return saveFile(file, `usage-${id}-${period.from}-${period.to}.csv`);
}
