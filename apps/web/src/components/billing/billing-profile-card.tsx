import { useTranslation } from '@/hooks/use-translation';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/days';
import { useBillingProfile } from '@/resources/billing';
import { BillingProfileForm } from './billing-profile-form';

/** The id of the card, so that "billing details missing" prompts can link to it. */
const BILLING_CARD_ID = 'billing';

/**
 * "Rechnungsdaten / Billing details": the person's billing profile as a form (docs/billing.md#billing-profile),
 * on the profile page (`filledBy` self) and the admin's customer page (admin).
 */
export function BillingProfileCard({
  oid,
  filledBy = 'self',
  fallbackEmail,
}: {
  oid: string;
  filledBy?: 'self' | 'admin';
  fallbackEmail?: string;
}) {
  const { t } = useTranslation(['Billing', 'General']);
  const profile = useBillingProfile(oid);
  return (
    <Card className="scroll-mt-24 p-6" id={BILLING_CARD_ID}>
      <section aria-labelledby="billing-title" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="billing-title" className="text-lg font-semibold">
            {t('title')}
          </h2>
          <p className="text-sm text-muted-foreground">{filledBy === 'admin' ? t('adminIntro') : t('intro')}</p>
        </div>
        <QueryState
          query={profile}
          pending={
            <div role="status" aria-label={t('loading', { ns: 'General' })} className="grid gap-3">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          }
        >
          {(data) => (
            <>
              {data === null ? (
                <p className="rounded-lg bg-muted px-4 py-3 text-sm">{t('empty')}</p>
              ) : (
                <p className="text-sm text-muted-foreground">{t('lastChanged', { date: formatDate(data.updatedAt) })}</p>
              )}
              <BillingProfileForm
                key={data?.updatedAt ?? 'new'}
                oid={oid}
                profile={data}
                filledBy={filledBy}
                {...(fallbackEmail === undefined ? {} : { fallbackEmail })}
              />
            </>
          )}
        </QueryState>
      </section>
    </Card>
  );
}
