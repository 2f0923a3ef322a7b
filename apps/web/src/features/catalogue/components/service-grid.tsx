import { categoriesOf, filterCatalogue } from '@portal/contract/catalogue-search';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useSearchParams } from '@/hooks/use-search-params';
import { Skeleton } from '@/components/ui/skeleton';
import { useServices } from '@/resources/services';
import { readCatalogueFilter } from '../utils/catalogue-filter';
import { CatalogueSearch } from './catalogue-search';
import { ServiceCard } from './service-card';

const gridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/**
 * The catalogue: search and category filters from the address (docs/domain.md#catalogue-search),
 * 3 cards per row on large screens, loading, error and empty states.
 */
export function ServiceGrid({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation('ServiceOverview');
  const services = useServices();
  const [params] = useSearchParams();
  const filter = readCatalogueFilter(params);
  const filtered = Boolean(filter.q || filter.category);

  const pending = (
    <div className={gridClass}>
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-80 rounded-xl" />
      ))}
    </div>
  );
  return (
    <QueryState query={services} pending={pending} errorMessage={t('error')}>
      {(all) => {
        const list = filterCatalogue(all, filter);
        return (
          <div className="flex flex-col gap-6">
            <CatalogueSearch filter={filter} categories={categoriesOf(all)} />
            {filtered ? (
              <p role="status" className="text-sm text-muted-foreground">
                {t('resultCount', { count: list.length })}
              </p>
            ) : null}
            {list.length === 0 ? (
              <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-8">
                <p className="text-muted-foreground">{filtered ? t('noMatch') : t('empty')}</p>
                {filtered ? (
                  <Link to={paths.services()} className="text-sm font-medium text-primary underline underline-offset-4">
                    {t('clearFilter')}
                  </Link>
                ) : null}
              </div>
            ) : (
              <ul aria-labelledby={labelledBy} className={gridClass}>
                {list.map((service, index) => (
                  <li key={service.key}>
                    <ServiceCard service={service} priority={index < 3} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
