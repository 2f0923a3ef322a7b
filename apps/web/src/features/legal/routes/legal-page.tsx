import { useTranslation } from '@/hooks/use-translation';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageTitle } from '@/components/page-title';
import { SanitizedHtml } from '@/components/sanitized-html';
import { useLanguage } from '@/hooks/use-language';
import { NotFoundError } from '@/lib/api-errors';
import { formatDate } from '@/lib/days';
import { plainTextExcerpt } from '@/lib/plain-text-excerpt';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { legalPageQueryOptions, useLegalPage } from '../api/get-legal-pages';

/** The legal page before entry; an unknown internal name is a not-found page. */
export const legalPageLoader: RouteDataLoader = async ({ queryClient }, { params }) => {
  const page = await queryClient.ensureQueryData(legalPageQueryOptions(params.id ?? ''));
  if (!page) throw new NotFoundError();
};

/** /rechtliches/{id}: title and sanitized HTML of the page found by internal name. */
export function LegalPageRoute() {
  const { t } = useTranslation('Legal');
  const language = useLanguage();
  const { id } = useParams();
  const { data: page } = useLegalPage(id ?? '');
  // The loader sends an unknown name to the not-found page; null is only seen on the way there.
  if (!page) return null;
  const title = localized(page.title, language);
  return (
    <article className="max-w-3xl">
      <PageTitle title={title} description={plainTextExcerpt(localized(page.html, language))} />
      <PageHeader title={title}>
        <p className="text-sm text-muted-foreground">
          {t('lastModified', { date: formatDate(page.lastModified) })}
        </p>
      </PageHeader>
      <SanitizedHtml html={localized(page.html, language)} />
    </article>
  );
}
