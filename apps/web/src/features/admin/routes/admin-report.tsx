import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageTitle } from '@/components/page-title';
import { LoginRequired } from '@/components/query-state';
import { formatCalls, formatDate, formatPrice } from '@/lib/format';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { adminReportQueryOptions, useAdminReport } from '../api/get-admin-report';

/** Spec §2: admin data before entry (spec §6: no client-side role guard; the server answers 403). */
export const adminReportLoader: RouteDataLoader = async ({ queryClient }) => {
  if (readSession()) await queryClient.ensureQueryData(adminReportQueryOptions());
};

export function AdminReportRoute() {
  const { t } = useTranslation('Admin');
  return (
    <div>
      <PageTitle title={t('title')} />
      {readSession() ? <Report /> : <LoginRequired />}
    </div>
  );
}

function Report() {
  const { t } = useTranslation('Admin');
  const { data: report } = useAdminReport();
  const columns = [
    t('colProject'),
    t('colOwner'),
    t('colCalls'),
    t('colPriceApi'),
    t('colMonthly'),
    t('colSinglePayment'),
    t('colTotal'),
  ];
  return (
    <>
      <PageHeader
        title={t('title')}
        lead={t('period', { from: formatDate(report.dateVon), to: formatDate(report.dateBis) })}
      />
      {/* Focusable, so keyboard users can scroll the table on narrow screens. */}
      <div
        role="region"
        aria-label={t('title')}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-border"
      >
        <table className="w-full text-sm">
          <thead className="bg-muted text-left">
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={index > 1 ? 'px-4 py-3 text-right' : 'px-4 py-3'}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.projects.map((row) => (
              <tr key={row.key} className="border-t border-border">
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  {row.name}
                </th>
                <td className="px-4 py-3">{row.owner}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatCalls(row.calls)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatPrice(row.price_api)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatPrice(row.monthly)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatPrice(row.single_payment)}</td>
                <td className="px-4 py-3 text-right font-medium tabular-nums">
                  {formatPrice(row.price_gesamt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
