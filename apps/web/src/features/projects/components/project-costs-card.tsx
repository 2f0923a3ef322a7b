import type { ProjectCosts } from '@portal/contract/project-costs';
import type { Project } from '@portal/contract/project';
import { useId, useMemo } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { ErrorState } from '@/components/query-state';
import { DownloadButton } from '@/components/download-button';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLanguage } from '@/hooks/use-language';
import { addDays, firstOfMonth, formatDate, localDay, type Period } from '@/lib/days';
import { localized } from '@/lib/localized';
import { formatCalls, formatPrice } from '@/lib/numbers';
import { downloadProjectUsage } from '../api/download-project-usage';
import { useProjectCosts } from '../api/get-project-costs';
import { NetPriceNote } from '@/components/net-price-note';

/** This month up to today, and the whole month before it (the viewer's calendar). */
function periods(today: string): { thisMonth: Period; lastMonth: Period } {
  const dayInLastMonth = addDays(firstOfMonth(today), -1);
  return {
    thisMonth: { from: firstOfMonth(today), to: today },
    lastMonth: { from: firstOfMonth(dayInLastMonth), to: dayInLastMonth },
  };
}

/**
 * The project's costs as the provider bills them (the admin report's figures for this project):
 * this month so far and last month, each with its parts and the services behind them.
 */
export function ProjectCostsCard({ project }: { project: Project }) {
  const { t } = useTranslation('ProjectDetail');
  const language = useLanguage();
  const id = useId();
  const { thisMonth, lastMonth } = useMemo(() => periods(localDay()), []);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {t('costsTitle')}
        </h2>
        <DownloadButton
          className="sm:items-end"
          label={t('downloadUsageCsv')}
          failedMessage={t('downloadFailed')}
          download={() => downloadProjectUsage({ id: project.id, period: thisMonth, language })}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <PeriodCosts projectId={project.id} period={thisMonth} title={t('costsThisMonth')} />
        <PeriodCosts projectId={project.id} period={lastMonth} title={t('costsLastMonth')} />
      </div>
      <p className="text-sm text-muted-foreground">
        {t('costsNote')} <NetPriceNote />
      </p>
    </section>
  );
}

function PeriodCosts({ projectId, period, title }: { projectId: string; period: Period; title: string }) {
  const { t } = useTranslation('ProjectDetail');
  const id = useId();
  const costs = useProjectCosts(projectId, period);
  return (
    <Card aria-labelledby={`${id}-title`} role="group" className="flex flex-col gap-4">
      <div className="flex flex-col gap-0.5">
        <h3
          id={`${id}-title`}
          className="text-sm font-semibold tracking-wide text-muted-foreground uppercase"
        >
          {title}
        </h3>
        <p className="text-xs text-muted-foreground">
          {t('costsPeriod', { from: formatDate(period.from), to: formatDate(period.to) })}
        </p>
      </div>
      {costs.data ? (
        <CostsBody costs={costs.data} />
      ) : costs.isError ? (
        <ErrorState onRetry={() => void costs.refetch()} />
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </Card>
  );
}

function CostsBody({ costs }: { costs: ProjectCosts }) {
  const { t } = useTranslation('ProjectDetail');
  const language = useLanguage();
  const { totals } = costs;
  const parts = [
    { label: t('costsCalls'), value: formatCalls(totals.calls) },
    { label: t('costsApi'), value: formatPrice(totals.price_api) },
    { label: t('costsMonthly'), value: formatPrice(totals.monthly) },
    { label: t('costsSingle'), value: formatPrice(totals.single_payment) },
  ];
  return (
    <>
      <p className="text-3xl font-semibold tracking-tight tabular-nums">{formatPrice(totals.price_gesamt)}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {parts.map((part) => (
          <div key={part.label} className="flex flex-col">
            <dt className="text-muted-foreground">{part.label}</dt>
            <dd className="font-medium tabular-nums">{part.value}</dd>
          </div>
        ))}
      </dl>
      {costs.licences.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('costsNone')}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{t('costsTableCaption')}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('costsService')}</th>
              <th scope="col">{t('costsTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {costs.licences.map((licence) => (
              <tr key={licence.key} className="border-t border-border">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <span className="flex flex-wrap items-center gap-2 [overflow-wrap:anywhere]">
                    {localized(licence.service.name, language)}
                    {licence.deleted ? <Badge>{t('costsRemoved')}</Badge> : null}
                  </span>
                </th>
                <td className="py-2 text-right whitespace-nowrap tabular-nums">
                  {formatPrice(licence.price_gesamt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
