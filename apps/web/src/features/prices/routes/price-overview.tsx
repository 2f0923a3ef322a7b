import { Check, Mail } from 'lucide-react';
import { useTranslation } from '@/hooks/use-translation';
import { PageHeader } from '@/components/page-header';
import { PageTitle } from '@/components/page-title';
import { NetPriceNote } from '@/components/net-price-note';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/hooks/use-hydrated';
import { useLanguage } from '@/hooks/use-language';
import { requestContact } from '@/lib/app-events';
import { formatCalls, formatPrice } from '@/lib/numbers';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { pricePackagesQueryOptions, usePricePackages } from '../api/get-price-packages';

/** Price packages before entry. */
export const priceOverviewLoader: RouteDataLoader = async ({ queryClient }) => {
  await queryClient.ensureQueryData(pricePackagesQueryOptions());
};

/** /price: heading, subheading, a card per price package and how billing works. */
export function PriceOverviewRoute() {
  const { t } = useTranslation('Price');
  // Until the app has taken a server-rendered page over, a click would be lost.
  const hydrated = useHydrated();
  const language = useLanguage();
  const { data: packages } = usePricePackages();
  const points = [t('infoPointPackage'), t('infoPointMonthly'), t('infoPointChange'), t('infoPointVat')];
  return (
    <div className="flex flex-col gap-12">
      <PageTitle title={t('title')} description={t('subtitle')} />
      <PageHeader title={t('title')} lead={t('subtitle')} flush />

      <section aria-labelledby="price-packages">
        <h2 id="price-packages" className="sr-only">
          {t('packagesTitle')}
        </h2>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {packages.map((pack) => (
            <li
              key={pack.key}
              className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-6 shadow-xs"
            >
              <div className="flex flex-col gap-3">
                <div className="flex items-center gap-3">
                  {pack.product.img ? (
                    <img
                      src={pack.product.img}
                      alt=""
                      width={40}
                      height={40}
                      className="size-10 shrink-0 rounded-xl"
                    />
                  ) : null}
                  <h3 className="text-lg font-semibold tracking-tight">
                    {localized(pack.product.name, language)}
                  </h3>
                </div>
                <p className="text-sm text-muted-foreground">
                  {localized(pack.product.description, language)}
                </p>
              </div>
              <div className="mt-auto flex flex-col gap-1">
                <p className="text-3xl font-semibold tracking-tight tabular-nums">
                  {formatPrice(pack.product.price.brutto_monatlich)}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t('perMonth')} · <NetPriceNote />
                </p>
              </div>
              <p className="flex items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm font-medium">
                <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                {t('includedCalls', { calls: formatCalls(pack.product.price.calls) })}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="price-info" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-4">
          <h2 id="price-info" className="text-2xl font-semibold tracking-tight">
            {t('infoTitle')}
          </h2>
          <p className="max-w-2xl leading-relaxed text-muted-foreground">{t('infoText')}</p>
          <ul className="flex max-w-2xl flex-col gap-3">
            {points.map((point) => (
              <li key={point} className="flex gap-3 leading-relaxed">
                <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-primary" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col items-start gap-3 self-start rounded-2xl border border-border bg-hero p-6">
          <h3 className="text-lg font-semibold tracking-tight">{t('contactTitle')}</h3>
          <p className="text-sm text-muted-foreground">{t('contactText')}</p>
          <Button
            variant="outline"
            disabled={!hydrated}
            onClick={() =>
              requestContact({
                topic: 'offer',
                packages: packages.map((pack) => ({ id: pack.id, name: pack.product.name })),
              })
            }
          >
            <Mail aria-hidden="true" />
            {t('contactButton')}
          </Button>
        </div>
      </section>
    </div>
  );
}
