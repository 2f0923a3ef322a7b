import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Licence } from '@portal/contract/licence';
import { getForPeriod, type PeriodRequest } from '@/lib/period-calls';
import { licenceKeys } from '@/lib/query-keys-signed-in';
import { licencePath } from '@/lib/rest-paths-signed-in';
import type { Period } from '@/lib/days';

/** The same licence call with a period (?from=&to=); only its `calls` are used. */
export function getLicenceUsage({ id, period, signal }: PeriodRequest) {
  return getForPeriod<Licence>(licencePath(id), period, signal).then((licence) => licence.calls);
}

export const licenceUsageQueryOptions = (id: string, period: Period) =>
  queryOptions({
    queryKey: licenceKeys.usage(id, period),
    queryFn: ({ signal }) => getLicenceUsage({ id, period, signal }),
  });

/**
 * Usage for the chosen period. When it is the period the licence itself was loaded with (the
 * default 90 days), those numbers are used and nothing is fetched; while another period loads,
 * the previous chart stays.
 */
export function useLicenceUsage(licence: Licence, period: Period) {
  const loadedWithLicence = licence.calls.from === period.from && licence.calls.to === period.to;
  return useQuery({
    ...licenceUsageQueryOptions(licence.id, period),
    initialData: loadedWithLicence ? licence.calls : undefined,
    placeholderData: keepPreviousData,
  });
}
