import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageTitle } from '@/components/page-title';
import { useLanguage } from '@/hooks/use-language';
import { formatCalls, formatPrice } from '@/lib/format';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { pricePackagesQueryOptions, usePricePackages } from '../api/get-price-packages';

/** Spec §2: price packages before entry. */
export const priceOverviewLoader: RouteDataLoader = async ({ queryClient }) => {
  await queryClient.ensureQueryData(pricePackagesQueryOptions());
};

/** /price: plain for now (issue 4 adds the designed cards). */
export function PriceOverviewRoute() {
  const { t } = useTranslation('Price');
  const language = useLanguage();
  const { data: packages } = usePricePackages();
  return (
    <div>
      <PageTitle title={t('title')} />
      <PageHeader title={t('title')} lead={t('subtitle')} />
      <ul className="grid gap-6 md:grid-cols-3">
        {packages.map((pack) => (
          <li key={pack.key} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-6">
            <h2 className="text-lg font-semibold">{localized(pack.product.name, language)}</h2>
            <p className="text-2xl font-semibold">{formatPrice(pack.product.price.brutto_monatlich)}</p>
            <p className="text-sm text-muted-foreground">
              {t('includedCalls', { calls: formatCalls(pack.product.price.calls) })}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
