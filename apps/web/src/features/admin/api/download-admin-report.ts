import { ApiError } from '@/lib/api-errors';
import { readToken } from '@/lib/session';
import type { ReportPeriod } from '../utils/report-period';

/**
 * The report of a period as CSV (`format=csv`). A link cannot send the bearer token, so the
 * file is fetched and handed to the browser as a download. Returns the file name.
 */
export async function downloadAdminReport({ period, language }: { period: ReportPeriod; language: string }) {
  const query = new URLSearchParams({ from: period.from, to: period.to, format: 'csv' });
  const headers = new Headers({ Accept: 'text/csv', 'Content-Language': language });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`/rest/collection/admin/projects?${query}`, {
    headers,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: response.status === 403 ? 'forbidden' : 'internal',
      message: `CSV download answered ${response.status}`,
    });
  }
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `report-${period.from}-${period.to}.csv`;
  const url = URL.createObjectURL(await response.blob());
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
