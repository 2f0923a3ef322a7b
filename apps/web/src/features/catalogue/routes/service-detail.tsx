import { useTranslation } from 'react-i18next';
import { redirect, useParams } from 'react-router';
import { Breadcrumb } from '@/components/breadcrumb';
import { PageTitle } from '@/components/page-title';
import { SanitizedHtml } from '@/components/sanitized-html';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { NotFoundError } from '@/lib/api-errors';
import { formatDate, slugify, splitSlugId } from '@/lib/format';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { serviceQueryOptions, useService } from '../api/get-service';

/** Spec §2: the service, by id, before entry; a stale or foreign-language slug is corrected. */
export const serviceDetailLoader: RouteDataLoader = async (
  { queryClient, language },
  { params, request },
) => {
  const parsed = splitSlugId(params.slugId ?? '');
  if (!parsed) throw new NotFoundError();
  const service = await queryClient.ensureQueryData(serviceQueryOptions(parsed.id));
  const name = localized(service.name, language());
  if (slugify(name) !== parsed.slug) {
    const url = new URL(request.url);
    throw redirect(`${paths.service(name, service.id)}${url.search}${url.hash}`);
  }
};

/** /services/{name}-{id}: plain for now (issue 4 adds gallery, add-to-project, demo link). */
export function ServiceDetailRoute() {
  const { t } = useTranslation(['ServiceDetail', 'Navigation']);
  const language = useLanguage();
  const { slugId = '' } = useParams();
  const { data: service } = useService(splitSlugId(slugId)?.id ?? '');
  const name = localized(service.name, language);
  const hasSource = Boolean(service.data_copyright && service.data_lastupdate);

  return (
    <article className="flex flex-col gap-6">
      <PageTitle title={name} />
      <Breadcrumb
        items={[{ label: t('services', { ns: 'Navigation' }), to: paths.services() }, { label: name }]}
      />
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{name}</h1>
        <p className="max-w-3xl text-lg text-muted-foreground">
          {localized(service.descriptionShort, language)}
        </p>
      </header>
      <section aria-labelledby="service-description" className="max-w-3xl">
        <h2 id="service-description" className="sr-only">
          {t('descriptionTitle')}
        </h2>
        <SanitizedHtml html={localized(service.description, language)} />
      </section>
      {hasSource ? (
        <p className="text-sm text-muted-foreground">
          {t('source', { copyright: service.data_copyright, date: formatDate(service.data_lastupdate) })}
        </p>
      ) : null}
    </article>
  );
}
