import { useTranslation } from '@/hooks/use-translation';
import { PageTitle } from '@/components/page-title';
import { ServiceGrid } from '../components/service-grid';
import { ServicesHero } from '../components/services-hero';

const listId = 'service-list';

/** /services: hero and the catalogue (nothing is loaded before entry). */
export function ServiceOverviewRoute() {
  const { t } = useTranslation('ServiceOverview');
  return (
    <div className="flex flex-col gap-12">
      <PageTitle title={t('pageTitle')} description={t('heroSubtitle')} />
      <ServicesHero listId={listId} />
      <section className="flex scroll-mt-24 flex-col gap-6" id={listId}>
        <h2 id={`${listId}-title`} className="text-2xl font-semibold tracking-tight">
          {t('listTitle')}
        </h2>
        <ServiceGrid labelledBy={`${listId}-title`} />
      </section>
    </div>
  );
}
