import type { AdminReport } from '@portal/contract/admin-report';
import { Download, Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useSearchParams } from '@/hooks/use-search-params';
import { PageTitle } from '@/components/page-title';
import { ErrorState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatDate, type Period } from '@/lib/days';
import type { RouteDataLoader } from '@/lib/route-loader';
import { useSession } from '@/hooks/use-session';
import { readSession } from '@/lib/session';
import { downloadAdminReport } from '../api/download-admin-report';
import { adminReportQueryOptions, useAdminReport } from '../api/get-admin-report';
import { AdminNotAllowed } from '../components/admin-screen';
import { PeriodPicker } from '../components/period-picker';
import { ReportTable } from '../components/report-table';
import { SignedOut } from '@/components/signed-out';
import { periodFromSearch } from '../utils/report-period';

/**
 * The admin data before entry, for the period in the address. No client-side role
 * guard; the server answers 403 to others. prefetchQuery never throws: the screen shows that
 * answer as "not allowed" instead of the route failing.
 */
export const adminReportLoader: RouteDataLoader = async ({ queryClient }, { request }) => {
  if (!readSession()) return;
  const period = periodFromSearch(new URL(request.url).searchParams);
  await queryClient.prefetchQuery(adminReportQueryOptions(period));
};

export function AdminReportRoute() {
  const { t } = useTranslation('Admin');
  const session = useSession();
  return (
    <div>
      <PageTitle title={t('title')} />
      <h1 className="mb-3 text-3xl font-semibold tracking-tight sm:text-4xl">{t('title')}</h1>
      {session ? (
        <Report />
      ) : (
        <SignedOut next={paths.admin()} title={t('signedOutTitle')} text={t('signedOutText')} />
      )}
    </div>
  );
}

function Report() {
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search);
  const report = useAdminReport(period);

  if (report.isPending) return <ReportSkeleton />;
  if (report.isError) {
    if (isApiError(report.error, 'forbidden')) return <AdminNotAllowed className="mt-5" />;
    return <ErrorState onRetry={() => void report.refetch()} />;
  }

  const shown: Period = { from: report.data.dateVon, to: report.data.dateBis };
  return (
    <ReportView
      report={report.data}
      loading={report.isPlaceholderData}
      onPeriod={(next) => setSearch({ from: next.from, to: next.to })}
      period={shown}
    />
  );
}

function ReportView({
  report,
  period,
  loading,
  onPeriod,
}: {
  report: AdminReport;
  period: Period;
  loading: boolean;
  onPeriod: (period: Period) => void;
}) {
  const { t } = useTranslation('Admin');
  const periodText = t('period', { from: formatDate(report.dateVon), to: formatDate(report.dateBis) });
  return (
    <div className="flex flex-col gap-6">
      <p className="text-base text-muted-foreground sm:text-lg" aria-live="polite">
        {periodText}
      </p>
      <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5 lg:flex-row lg:items-end lg:justify-between">
        {/* Keyed by the period shown, so the picker's fields follow Back/Forward too. */}
        <PeriodPicker key={`${period.from}/${period.to}`} period={period} onChange={onPeriod} />
        <CsvButton period={period} />
      </div>

      <aside
        aria-labelledby="admin-guidelines"
        className="flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
      >
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="flex flex-col gap-1">
          <h2 id="admin-guidelines" className="font-semibold">
            {t('guidelinesTitle')}
          </h2>
          <p>{t('guidelinesText')}</p>
        </div>
      </aside>

      <div
        className={cn('relative transition-opacity', loading && 'opacity-60')}
        aria-busy={loading || undefined}
      >
        {loading ? (
          <span
            role="status"
            className="absolute -top-8 right-0 flex items-center gap-2 text-sm text-muted-foreground"
          >
            <Spinner className="size-4" />
            {t('loading')}
          </span>
        ) : null}
        {report.projects.length === 0 ? (
          <EmptyState title={t('emptyTitle')}>
            <p>{t('empty')}</p>
          </EmptyState>
        ) : (
          <ReportTable report={report} caption={`${t('tableCaption')} – ${periodText}`} />
        )}
      </div>
    </div>
  );
}

function CsvButton({ period }: { period: Period }) {
  const { t } = useTranslation('Admin');
  const language = useLanguage();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <div className="flex flex-col items-start gap-1.5 lg:items-end">
      <Button
        variant="outline"
        disabled={state === 'busy'}
        onClick={() => {
          setState('busy');
          downloadAdminReport({ period, language })
            .then(() => setState('idle'))
            .catch((error: unknown) => {
              console.error(error);
              setState('failed');
            });
        }}
      >
        {state === 'busy' ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
        {t('downloadCsv')}
      </Button>
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('downloadFailed')}
        </p>
      ) : null}
    </div>
  );
}

function ReportSkeleton() {
  const { t } = useTranslation('General');
  return (
    <div role="status" aria-label={t('loading')} className="flex flex-col gap-6">
      <Skeleton className="h-6 w-72" />
      <Skeleton className="h-24 rounded-xl" />
      <Skeleton className="h-20 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}
