import type { AdminReport } from '@portal/contract/admin-report';
import { isDeletedPersonEmail } from '@portal/contract/privacy';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Badge } from '@/components/ui/badge';
import { formatCalls, formatPrice } from '@/lib/numbers';

/**
 * The admin table: project, creator, API requests, API cost, monthly fee, single payment,
 * total; amounts with € sign, comma thousands and two decimals (0.00 when empty or zero),
 * and a totals row. Numbers are right-aligned in tabular figures so the columns add up by eye.
 */
export function ReportTable({ report, caption }: { report: AdminReport; caption: string }) {
  return (
    <>
      <div className="hidden md:block">
        <Table report={report} caption={caption} />
      </div>
      {/* Phones get one card per project instead of a table to scroll sideways. */}
      <div className="md:hidden">
        <Cards report={report} caption={caption} />
      </div>
    </>
  );
}

// The project column and the total stay in view while the amounts between them scroll sideways
// (sticky cells need an opaque background, and a shadow marks the edge they scroll under).
const pinStart = 'sticky left-0 z-10 shadow-[1px_0_0_var(--color-border)]';
const pinEnd = 'sticky right-0 z-10 shadow-[-1px_0_0_var(--color-border)]';

/** Whether the element is wider inside than it shows (it scrolls sideways), kept up to date. */
/** A project's owner as the report names them: a deleted person's placeholder address reads "deleted person". */
function useOwnerLabel(): (owner: string) => string {
  const { t } = useTranslation('Admin');
  return (owner) => (isDeletedPersonEmail(owner) ? t('deletedPerson') : owner);
}

function useOverflowsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

function Table({ report, caption }: { report: AdminReport; caption: string }) {
  const { t } = useTranslation('Admin');
  const ownerLabel = useOwnerLabel();
  const { ref, overflows } = useOverflowsSideways();
  const amountColumns = [
    t('colCalls'),
    t('colPriceApi'),
    t('colMonthly'),
    t('colSinglePayment'),
    t('colTotal'),
  ];
  return (
    <div className="flex flex-col gap-2">
      {overflows ? (
        <p id="report-scroll-hint" className="text-sm text-muted-foreground">
          {t('scrollHint')}
        </p>
      ) : null}
      {/* Focusable, so keyboard users can scroll the table when it is wider than the screen. */}
      <div
        ref={ref}
        role="region"
        aria-label={caption}
        aria-describedby={overflows ? 'report-scroll-hint' : undefined}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-border bg-card shadow-xs"
      >
        <table className="w-full text-sm whitespace-nowrap">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted text-left">
            <tr>
              <th scope="col" className={`${pinStart} bg-muted px-3 py-3 font-semibold`}>
                {t('colProject')}
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                {t('colOwner')}
              </th>
              {amountColumns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={`${index === amountColumns.length - 1 ? `${pinEnd} bg-muted` : ''} px-3 py-3 text-right font-semibold`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.projects.map((row) => (
              <tr key={row.key} className="border-t border-border">
                {/* Names wrap (also within a long word) instead of widening the table: the
                  numbers stay on one line, the report fits 1280 px without scrolling sideways. */}
                <th scope="row" className={`${pinStart} bg-card px-3 py-3 text-left font-medium`}>
                  <span className="flex max-w-72 min-w-32 flex-wrap items-center gap-2 whitespace-normal [overflow-wrap:anywhere]">
                    {row.name}
                    {row.deleted ? <Badge>{t('deleted')}</Badge> : null}
                  </span>
                </th>
                <td className="px-3 py-3">
                  <span className="block max-w-56 min-w-28 whitespace-normal [overflow-wrap:anywhere]">
                    {ownerLabel(row.owner)}
                  </span>
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{formatCalls(row.calls)}</td>
                <td className="px-3 py-3 text-right tabular-nums">{formatPrice(row.price_api)}</td>
                <td className="px-3 py-3 text-right tabular-nums">{formatPrice(row.monthly)}</td>
                <td className="px-3 py-3 text-right tabular-nums">{formatPrice(row.single_payment)}</td>
                <td className={`${pinEnd} bg-card px-3 py-3 text-right font-medium tabular-nums`}>
                  {formatPrice(row.price_gesamt)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-border bg-muted font-semibold">
            <tr>
              <th scope="row" className={`${pinStart} bg-muted px-3 py-3 text-left`}>
                {t('totals')}
              </th>
              <td className="px-3 py-3" />
              <td className="px-3 py-3 text-right tabular-nums">{formatCalls(report.totals.calls)}</td>
              <td className="px-3 py-3 text-right tabular-nums">{formatPrice(report.totals.price_api)}</td>
              <td className="px-3 py-3 text-right tabular-nums">{formatPrice(report.totals.monthly)}</td>
              <td className="px-3 py-3 text-right tabular-nums">
                {formatPrice(report.totals.single_payment)}
              </td>
              <td className={`${pinEnd} bg-muted px-3 py-3 text-right tabular-nums`}>
                {formatPrice(report.totals.price_gesamt)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

function Cards({ report, caption }: { report: AdminReport; caption: string }) {
  const { t } = useTranslation('Admin');
  const ownerLabel = useOwnerLabel();
  const amounts = (row: AdminReport['totals']) =>
    [
      [t('colCalls'), formatCalls(row.calls)],
      [t('colPriceApi'), formatPrice(row.price_api)],
      [t('colMonthly'), formatPrice(row.monthly)],
      [t('colSinglePayment'), formatPrice(row.single_payment)],
    ] as const;
  const list = (row: AdminReport['totals']) => (
    <dl className="grid gap-1.5 text-sm">
      {amounts(row).map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t border-border pt-2 font-semibold">
        <dt>{t('colTotal')}</dt>
        <dd className="tabular-nums">{formatPrice(row.price_gesamt)}</dd>
      </div>
    </dl>
  );
  return (
    <section aria-label={caption} className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {report.projects.map((row) => (
          <li key={row.key} className="rounded-xl border border-border bg-card p-4 shadow-xs">
            <h3 className="flex flex-wrap items-center gap-2 font-semibold">
              {row.name}
              {row.deleted ? <Badge>{t('deleted')}</Badge> : null}
            </h3>
            <p className="mb-3 text-sm text-muted-foreground">{ownerLabel(row.owner)}</p>
            {list(row)}
          </li>
        ))}
      </ul>
      <div className="rounded-xl border-2 border-border bg-muted/60 p-4">
        <h3 className="mb-3 font-semibold">{t('totals')}</h3>
        {list(report.totals)}
      </div>
    </section>
  );
}
