import { useTranslation } from '@/hooks/use-translation';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageTitle } from '@/components/page-title';
import { SanitizedHtml } from '@/components/sanitized-html';
import { useLanguage } from '@/hooks/use-language';
import { NotFoundError } from '@/lib/api-errors';
import { formatDate } from '@/lib/days';
import { plainTextExcerpt } from '@/lib/format';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { legalPagesQueryOptions, useLegalPages } from '../api/get-legal-pages';

/** The legal pages before entry; an unknown internal name is a not-found page. */
export const legalPageLoader: RouteDataLoader = async ({ queryClient }, { params }) => {
  const pages = await queryClient.ensureQueryData(legalPagesQueryOptions());
  if (!pages.some((page) => page.interner_name === params.id)) throw new NotFoundError();
};

/** /rechtliches/{id}: title and sanitized HTML of the page found by internal name. */
export function LegalPageRoute() {
  const { t } = useTranslation('Legal');
  const language = useLanguage();
  const { id } = useParams();
  const { data: pages } = useLegalPages();
  const page = pages.find((item) => item.interner_name === id);
  // The loader guarantees a match; a stale cache after a deploy could still miss.
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
