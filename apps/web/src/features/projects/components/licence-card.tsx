import type { LicenceSummary } from '@portal/contract/project';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { Badge } from '@/components/ui/badge';
import { useLanguage } from '@/hooks/use-language';
import { formatCalls } from '@/lib/numbers';
import { localized } from '@/lib/localized';
import { ServiceLogo } from '@/components/service-logo';

/**
 * A licensed service in the project: its calls this month as 'API Calls' or
 * 'Pageviews', or 'monthly' for a flat fee; an inactive badge when it is switched off.
 */
export function LicenceCard({ licence, to }: { licence: LicenceSummary; to: string }) {
  const { t } = useTranslation(['ProjectDetail', 'Card']);
  const language = useLanguage();
  const name = localized(licence.service.name, language);
  const accounting = licence.service.accounting;
  return (
    <article className="group relative flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-xs transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring">
      <div className="flex items-start gap-3">
        <ServiceLogo
          src={licence.service.logo}
          size={40}
          className="size-10 shrink-0 rounded-lg"
          fallback={<span aria-hidden="true" className="size-10 shrink-0 rounded-lg bg-muted" />}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="leading-snug font-semibold break-words">
            <Link
              to={to}
              className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
            >
              {name}
            </Link>
          </h3>
          {licence.online ? null : (
            <p>
              <Badge tone="warning">{t('inactive', { ns: 'Card' })}</Badge>
            </p>
          )}
        </div>
        <ChevronRight
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
        />
      </div>
      <div className="mt-auto border-t border-border pt-3">
        {accounting === 'monthly' ? (
          <p className="flex items-baseline gap-2">
            <span className="text-lg font-semibold">{t('accountingMonthly', { ns: 'Card' })}</span>
            <span className="text-sm text-muted-foreground">{t('flatFee', { ns: 'ProjectDetail' })}</span>
          </p>
        ) : (
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-lg font-semibold tabular-nums">{formatCalls(licence.calls.total)}</span>
            <span className="text-sm font-medium">
              {accounting === 'request'
                ? t('accountingRequest', { ns: 'Card' })
                : t('accountingPageview', { ns: 'Card' })}
            </span>
            <span className="text-sm text-muted-foreground">{t('thisMonth', { ns: 'ProjectDetail' })}</span>
          </p>
        )}
      </div>
    </article>
  );
}
