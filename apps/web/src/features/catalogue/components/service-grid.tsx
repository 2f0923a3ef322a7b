import { useTranslation } from '@/hooks/use-translation';
import { QueryState } from '@/components/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useServices } from '@/resources/services';
import { ServiceCard } from './service-card';

const gridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** The catalogue: 3 cards per row on large screens, loading and error states. */
export function ServiceGrid({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation('ServiceOverview');
  const services = useServices();

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
      {(list) =>
        list.length === 0 ? (
          <p className="text-muted-foreground">{t('empty')}</p>
        ) : (
          <ul aria-labelledby={labelledBy} className={gridClass}>
            {list.map((service, index) => (
              <li key={service.key}>
                <ServiceCard service={service} priority={index < 3} />
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
