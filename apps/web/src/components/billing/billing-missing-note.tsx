import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useTranslation } from '@/hooks/use-translation';

/** A service costs something when any of its prices is above zero (docs/billing.md#billing-profile). */
export const isPaidService = (service: { pricePer1000Calls: number; monthlyFee: number; singlePayment: number }): boolean =>
  service.pricePer1000Calls > 0 || service.monthlyFee > 0 || service.singlePayment > 0;

/** Said in the add-service dialogs while the person has no billing profile and a paid service is on offer. */
export function BillingMissingNote({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('Billing');
  return (
    <div
      role="status"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>{t('missingForPaid')}</p>
      <Link to={paths.profileBilling()} onClick={onNavigate} className="font-medium underline underline-offset-2">
        {t('missingLink')}
      </Link>
    </div>
  );
}
