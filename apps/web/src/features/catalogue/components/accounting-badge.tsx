import type { Accounting } from '@portal/contract/common';
import { useTranslation } from '@/hooks/use-translation';

/** How a service is billed: per API call, per page view or monthly (docs/domain.md#cost-model). */
export function AccountingBadge({ accounting }: { accounting: Accounting }) {
  const { t } = useTranslation('Card');
  const label = {
    request: t('accountingRequest'),
    pageview: t('accountingPageview'),
    monthly: t('accountingMonthly'),
  }[accounting];
  return (
    <span className="inline-flex items-center rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
      {label}
    </span>
  );
}
