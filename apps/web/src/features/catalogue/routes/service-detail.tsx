import type { Service } from '@portal/contract/service';
import { BookOpen, ExternalLink, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useParams } from 'react-router';
import { Breadcrumb } from '@/components/breadcrumb';
import { LazyBoundary } from '@/components/lazy-boundary';
import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { SanitizedHtml } from '@/components/sanitized-html';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';
import { useLanguage } from '@/hooks/use-language';
import { useServicePriceLines } from '@/hooks/use-service-prices';
import { NetPriceNote } from '@/components/net-price-note';
import { isPaidService } from '@/components/billing/billing-missing-note';
import { useSession } from '@/hooks/use-session';
import { NotFoundError } from '@/lib/api-errors';
import { requestLogin } from '@/lib/app-events';
import { redirectToCanonical, useCanonicalPath } from '@/lib/canonical-path';
import { formatDate } from '@/lib/days';
import { splitSlugId } from '@/lib/format';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { serviceQueryOptions, useService } from '../api/get-service';
import { AccountingBadge } from '../components/accounting-badge';
import { ServiceGallery } from '../components/service-gallery';
import { ServiceLogo } from '@/components/service-logo';

const loadAddToProject = () => import('../components/add-to-project-dialog');
const AddToProjectDialog = lazyWithRetry(() => loadAddToProject().then((m) => m.AddToProjectDialog));

/**
 * The service, by id, before entry; a stale or foreign-language slug is corrected
 * (docs/domain.md#ids-and-slugs).
 */
export const serviceDetailLoader: RouteDataLoader = async (
  { queryClient, language },
  { params, request },
) => {
  const parsed = splitSlugId(params.slugId ?? '');
  if (!parsed) throw new NotFoundError();
  const service = await queryClient.ensureQueryData(serviceQueryOptions(parsed.id));
  redirectToCanonical(request, paths.service(localized(service.name, language()), service.id));
};

/**
 * /services/{name}-{id}: breadcrumb, name, short description, add to project (login
 * first when signed out), demo link, full description, source block, gallery with lightbox.
 */
export function ServiceDetailRoute() {
  const { t } = useTranslation(['ServiceDetail', 'Navigation']);
  const language = useLanguage();
  const session = useSession();
  const { slugId = '' } = useParams();
  const { data: service } = useService(splitSlugId(slugId)?.id ?? '');
  // The element that asked for the modal while it is open (focus returns to it), else null.
  const [adding, setAdding] = useState<HTMLElement | null>(null);
  const name = localized(service.name, language);
  // The slug follows the interface language (a switch on this page replaces the address).
  useCanonicalPath(paths.service(name, service.id));
  const hasSource = Boolean(service.data_copyright && service.data_lastupdate);

  // In the server's markup the button waits for the app, which alone can answer its click.
  const hydrated = useHydrated();
  const addToProject = (opener: HTMLElement) => {
    if (readSession()) setAdding(opener);
    // Signed out, the login modal first; the add-to-project modal follows the login.
    else requestLogin({ onSuccess: () => setAdding(opener) });
  };

  return (
    <article className="flex flex-col gap-10">
      <PageTitle title={name} description={localized(service.descriptionShort, language)} />
      <div>
        <Breadcrumb
          items={[{ label: t('services', { ns: 'Navigation' }), to: paths.services() }, { label: name }]}
        />
        <header className="flex flex-col gap-5">
          {/* On a phone the logo sits above the name: the whole width is the name's, so a long
              compound ("PLZ-Autovervollständigung") fits without breaking inside a word. */}
          <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:gap-4">
            <ServiceLogo
              src={service.logo}
              size={56}
              className="size-12 shrink-0 rounded-2xl border border-border bg-card sm:size-14"
            />
            {/* min-w-0: a word longer than the line still wraps (hyphenated where the browser
                can, see styles/index.css) instead of widening the page. */}
            <div className="flex max-w-full min-w-0 flex-col items-start gap-1.5">
              <h1 className="max-w-full text-2xl font-semibold tracking-tight text-balance sm:text-4xl">
                {name}
              </h1>
              <AccountingBadge accounting={service.accounting} />
            </div>
          </div>
          <p className="max-w-3xl text-lg text-muted-foreground">
            {localized(service.descriptionShort, language)}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button
              size="lg"
              disabled={!hydrated}
              onClick={(event) => addToProject(event.currentTarget)}
              onPointerEnter={() => void loadAddToProject().catch(() => undefined)}
            >
              <Plus aria-hidden="true" />
              {t('addToProject')}
            </Button>
            {service.hasApiReference ? (
              <Button asChild size="lg" variant="outline">
                <Link to={paths.serviceApi(name, service.id)}>
                  <BookOpen aria-hidden="true" />
                  {t('apiReference')}
                </Link>
              </Button>
            ) : null}
            {service.demoHref ? (
              <Button asChild size="lg" variant="outline">
                <a href={service.demoHref} target="_blank" rel="noopener noreferrer">
                  {t('demo')}
                  <ExternalLink aria-hidden="true" />
                  <span className="sr-only">{t('opensInNewTab')}</span>
                </a>
              </Button>
            ) : null}
          </div>
        </header>
      </div>

      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="service-description" className="flex min-w-0 flex-col gap-4">
          <h2 id="service-description" className="text-xl font-semibold tracking-tight">
            {t('descriptionTitle')}
          </h2>
          <SanitizedHtml html={localized(service.description, language)} className="max-w-3xl" />
        </section>
        <aside className="flex flex-col gap-4">
          <PricingCard service={service} />
          {hasSource ? (
            <section
              aria-labelledby="service-source"
              className="flex flex-col gap-1.5 rounded-xl border border-border bg-card p-5 text-sm"
            >
              <h2 id="service-source" className="font-semibold">
                {t('sourceTitle')}
              </h2>
              <p className="text-muted-foreground">{service.data_copyright}</p>
              <p className="text-muted-foreground">
                {t('sourceUpdated', { date: formatDate(service.data_lastupdate) })}
              </p>
            </section>
          ) : null}
        </aside>
      </div>

      {service.gallery.length > 0 ? (
        <section aria-labelledby="service-gallery" className="flex flex-col gap-4">
          <h2 id="service-gallery" className="text-xl font-semibold tracking-tight">
            {t('galleryTitle')}
          </h2>
          <ServiceGallery items={service.gallery} labelledBy="service-gallery" />
        </section>
      ) : null}

      {adding && session ? (
        <LazyBoundary
          onError={() => {
            AddToProjectDialog.retry();
            setAdding(null);
          }}
        >
          <Suspense fallback={null}>
            <AddToProjectDialog
              service={{ id: service.id, name, paid: isPaidService(service) }}
              userOid={session.oid}
              returnFocusTo={adding}
              onClose={() => setAdding(null)}
            />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </article>
  );
}

/** What the service costs: only the parts that apply (per 1,000 calls, monthly, one-off). */
function PricingCard({ service }: { service: Service }) {
  const { t } = useTranslation('ServiceDetail');
  const lines = useServicePriceLines(service);
  return (
    <section
      aria-labelledby="service-pricing"
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5"
    >
      <h2 id="service-pricing" className="text-sm font-semibold">
        {t('pricingTitle')}
      </h2>
      {lines.length > 0 ? (
        <ul className="flex flex-col gap-2 text-sm">
          {lines.map((line) => (
            <li key={line} className="tabular-nums">
              {line}
            </li>
          ))}
          <li>
            <NetPriceNote />
          </li>
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('free')}</p>
      )}
    </section>
  );
}
