import type { Licence } from '@portal/contract/licence';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { ErrorState } from '@/components/query-state';
import { DownloadButton } from '@/components/download-button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/hooks/use-language';
import { cn } from '@/lib/cn';
import { formatDate, localDay } from '@/lib/days';
import { formatCalls } from '@/lib/numbers';
import { downloadLicenceUsage } from '../api/download-licence-usage';
import { useLicenceUsage } from '../api/get-licence-usage';
import { summarizeUsage, toChartData } from '../utils/chart-data';
import { defaultUsagePreset, usagePeriod, usagePresets, type UsagePreset } from '../utils/periods';

const UsageChart = lazy(() => import('./usage-chart').then((m) => ({ default: m.UsageChart })));

const presetKeys = {
  last30: 'period30',
  last90: 'period90',
  thisMonth: 'periodThisMonth',
  lastMonth: 'periodLastMonth',
} as const satisfies Record<UsagePreset, string>;

/**
 * Calls per day for a chosen period (general tab; not shown for monthly accounting).
 * The chart has a text alternative with total, busiest day and average.
 */
export function UsageCard({ licence }: { licence: Licence }) {
  const { t } = useTranslation(['Licence', 'Card']);
  const language = useLanguage();
  const id = useId();
  const [preset, setPreset] = useState<UsagePreset>(defaultUsagePreset);
  const period = useMemo(() => usagePeriod(preset, localDay()), [preset]);
  const usage = useLicenceUsage(licence, period);
  const callsLabel =
    licence.service.accounting === 'pageview'
      ? t('accountingPageview', { ns: 'Card' })
      : t('accountingRequest', { ns: 'Card' });

  const calls = usage.data;
  const points = useMemo(
    () => (calls ? toChartData(calls.callsPerDate, { from: calls.from, to: calls.to }) : []),
    [calls],
  );
  const summary = summarizeUsage(points);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-border bg-card p-5 shadow-xs"
    >
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t('usageTitle')}
          </h2>
          {calls ? (
            <p className="text-sm text-muted-foreground">
              {t('usageTotal', {
                calls: formatCalls(summary.total),
                label: callsLabel,
                from: formatDate(calls.from),
                to: formatDate(calls.to),
              })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
          <fieldset className="flex flex-col gap-1.5">
            <legend className="sr-only">{t('periodLabel')}</legend>
            <div className="grid grid-cols-2 gap-0.5 rounded-lg border border-border bg-muted p-0.5 sm:inline-flex">
              {usagePresets.map((value) => (
                <label
                  key={value}
                  className={cn(
                    'relative cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground',
                    'has-[:checked]:bg-card has-[:checked]:text-foreground has-[:checked]:shadow-sm',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-period`}
                    value={value}
                    checked={preset === value}
                    onChange={() => setPreset(value)}
                    className="sr-only"
                  />
                  {t(presetKeys[value])}
                </label>
              ))}
            </div>
          </fieldset>
          <DownloadButton
            label={t('downloadCsv')}
            failedMessage={t('downloadFailed')}
            download={() => downloadLicenceUsage({ id: licence.id, period, language })}
          />
        </div>
      </div>

      <div className="relative mt-5" aria-busy={usage.isFetching || undefined}>
        {usage.isError && !calls ? (
          <ErrorState onRetry={() => void usage.refetch()} />
        ) : !calls ? (
          <Skeleton className="h-[350px] w-full" />
        ) : (
          <>
            <p className="sr-only">
              {t('usageSummary', {
                label: callsLabel,
                from: formatDate(calls.from),
                to: formatDate(calls.to),
                total: formatCalls(summary.total),
                average: formatCalls(summary.averagePerDay),
              })}{' '}
              {summary.peak
                ? t('usagePeak', {
                    calls: formatCalls(summary.peak.calls),
                    date: formatDate(summary.peak.date),
                  })
                : t('noUsage')}
            </p>
            {/* The picture repeats the sentence above for sighted users. */}
            <div
              aria-hidden="true"
              className={cn('h-[350px] transition-opacity', usage.isPlaceholderData && 'opacity-60')}
            >
              <Suspense fallback={<Skeleton className="h-[350px] w-full" />}>
                <UsageChart points={points} callsLabel={callsLabel} />
              </Suspense>
            </div>
            {usage.isPlaceholderData ? (
              <span
                role="status"
                className="absolute top-2 right-2 flex items-center gap-2 text-sm text-muted-foreground"
              >
                <Spinner className="size-4" />
                <span className="sr-only">{t('loading', { ns: 'General' })}</span>
              </span>
            ) : null}
            {summary.total === 0 ? (
              <p
                className="pointer-events-none absolute inset-x-0 top-1/2 -translate-y-1/2 text-center text-sm text-muted-foreground"
                aria-hidden="true"
              >
                {t('noUsage')}
              </p>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
