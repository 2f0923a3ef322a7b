import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Breadcrumb } from '@/components/breadcrumb';
import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';
import { useLanguage } from '@/hooks/use-language';
import { useTranslation } from '@/hooks/use-translation';
import { NotFoundError } from '@/lib/api-errors';
import { redirectToCanonical, useCanonicalPath } from '@/lib/canonical-path';
import { formatDate } from '@/lib/days';
import { splitSlugId } from '@/lib/format';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { serviceQueryOptions, useService } from '../api/get-service';
import { apiReferenceQueryOptions, useApiReference } from '../api/get-api-reference';
import { Markdown } from '../components/markdown';
import { MethodBadge, OperationView } from '../components/operation-view';
import type { TryItTarget } from '../components/try-it-panel';
import { operationMatches, serverUrls, tagsOf } from '../utils/openapi-view';

/** Stands for the key in the code samples until a licence is chosen in a try-it panel. */
const KEY_PLACEHOLDER = 'YOUR_LICENCE_KEY';

/**
 * The service and its published reference in the current language, before entry; a stale or
 * foreign-language slug is corrected (docs/domain.md#ids-and-slugs); a service without a
 * published reference is not found.
 */
export const apiReferenceLoader: RouteDataLoader = async ({ queryClient, language }, { params, request }) => {
  const parsed = splitSlugId(params.slugId ?? '');
  if (!parsed) throw new NotFoundError();
  const [service] = await Promise.all([
    queryClient.ensureQueryData(serviceQueryOptions(parsed.id)),
    queryClient.ensureQueryData(apiReferenceQueryOptions(parsed.id, language())),
  ]);
  redirectToCanonical(request, paths.serviceApi(localized(service.name, language()), service.id));
};

/**
 * /services/{name}-{id}/api: the service's API reference (docs/domain.md#api-reference), rendered
 * on the server like the other public pages: navigation by tag, a search over the operations,
 * every operation with its parameters, body, answers, schemas, examples and code samples, a
 * try-it panel each, and the release notes.
 */
export function ApiReferenceRoute() {
  const { t } = useTranslation(['ApiReference', 'Navigation']);
  const language = useLanguage();
  const hydrated = useHydrated();
  const { slugId = '' } = useParams();
  const id = splitSlugId(slugId)?.id ?? '';
  const { data: service } = useService(id);
  const { data: reference } = useApiReference(id, language);
  const name = localized(service.name, language);
  useCanonicalPath(paths.serviceApi(name, service.id));
  const document = reference.document;
  const tags = useMemo(() => tagsOf(document, t('untagged')), [document, t]);
  const servers = useMemo(() => serverUrls(document), [document]);
  const [search, setSearch] = useState('');
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const [chosenKey, setChosen] = useState<string | undefined>();
  const setChosenKey = useCallback((key: string | undefined) => setChosen(key), []);
  const target: TryItTarget = {
    serviceId: service.id,
    baseUrl: servers[0] ?? reference.mockBase,
    key: chosenKey ?? KEY_PLACEHOLDER,
    chosenKey,
    setChosenKey,
    mockBase: reference.mockBase,
    // The pages' Content Security Policy lets the browser reach the https ones (docs/security.md#headers).
    servers: servers.filter((server) => server.startsWith('https://')),
    demoKey: reference.demoKey,
    servicePath: paths.service(name, service.id),
  };
  const visible = tags
    .map((tag) => ({ ...tag, operations: tag.operations.filter((o) => operationMatches(o, words)) }))
    .filter((tag) => tag.operations.length > 0);
  const count = visible.reduce((sum, tag) => sum + tag.operations.length, 0);

  return (
    <article className="flex flex-col gap-8">
      <PageTitle title={t('pageTitle', { name })} description={t('pageDescription', { name, version: reference.version })} />
      <div>
        <Breadcrumb
          items={[
            { label: t('services', { ns: 'Navigation' }), to: paths.services() },
            { label: name, to: paths.service(name, service.id) },
            { label: t('breadcrumb') },
          ]}
        />
        <header className="flex flex-col gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-4xl">{t('pageTitle', { name })}</h1>
          <p className="text-sm text-muted-foreground">
            {t('versionLine', { title: document.info.title, version: reference.version, date: formatDate(reference.publishedAt.slice(0, 10)) })}
          </p>
          <Markdown text={document.info.description ?? ''} className="max-w-3xl" />
        </header>
      </div>

      <section aria-labelledby="api-access" className="grid gap-4 rounded-xl border border-border bg-card p-5 text-sm sm:grid-cols-2">
        <h2 id="api-access" className="sr-only">
          {t('accessTitle')}
        </h2>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-semibold">{t('servers')}</p>
          {servers.length > 0 ? (
            <ul>
              {servers.map((server) => (
                <li key={server}>
                  <code className="font-mono break-all">{server}</code>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">{t('noServers')}</p>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-semibold">{t('mockTitle')}</p>
          <p className="text-muted-foreground">{t('mockText')}</p>
          <p>
            <code className="font-mono break-all">{reference.mockBase}</code>
          </p>
          <p>
            {t('demoKey')} <code className="font-mono break-all" data-testid="demo-key">{reference.demoKey}</code>
          </p>
        </div>
      </section>

      <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label={t('navLabel')} className="flex flex-col gap-4 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-auto">
          <div role="search" className="flex flex-col gap-1.5">
            <label htmlFor="api-search" className="text-sm font-medium">
              {t('searchLabel')}
            </label>
            <Input
              id="api-search"
              type="search"
              value={search}
              disabled={!hydrated}
              placeholder={t('searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
            {words.length > 0 ? (
              <p role="status" className="text-xs text-muted-foreground">
                {t('searchCount', { count })}
              </p>
            ) : null}
          </div>
          <ul className="flex flex-col gap-3 text-sm">
            {visible.map((tag) => (
              <li key={tag.anchor}>
                <a href={`#${tag.anchor}`} className="font-semibold hover:underline">
                  {tag.name}
                </a>
                <ul className="mt-1 flex flex-col gap-1">
                  {tag.operations.map((operation) => (
                    <li key={operation.anchor}>
                      <a href={`#${operation.anchor}`} className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-muted">
                        <MethodBadge method={operation.method} />
                        <span className="min-w-0 truncate">{operation.summary || operation.path}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li>
              <a href="#api-changes" className="font-semibold hover:underline">
                {t('changesTitle')}
              </a>
            </li>
          </ul>
        </nav>

        <div className="flex min-w-0 flex-col gap-12">
          {visible.length === 0 ? <p className="text-muted-foreground">{t('searchEmpty')}</p> : null}
          {visible.map((tag) => (
            <section key={tag.anchor} id={tag.anchor} aria-labelledby={`${tag.anchor}-title`} className="scroll-mt-24 flex flex-col gap-4">
              <h2 id={`${tag.anchor}-title`} className="text-xl font-semibold tracking-tight">
                {tag.name}
              </h2>
              <Markdown text={tag.description} className="text-muted-foreground" />
              {tag.operations.map((operation) => (
                <OperationView key={operation.anchor} operation={operation} target={target} />
              ))}
            </section>
          ))}

          <section id="api-changes" aria-labelledby="api-changes-title" className="scroll-mt-24 flex flex-col gap-4 border-t border-border pt-8">
            <h2 id="api-changes-title" className="text-xl font-semibold tracking-tight">
              {t('changesTitle')}
            </h2>
            <ol className="flex flex-col gap-4">
              {reference.releases.map((release) => (
                <li key={release.version} className="flex flex-col gap-1">
                  <p className="font-semibold">
                    {release.version} <span className="font-normal text-muted-foreground">· {formatDate(release.publishedAt.slice(0, 10))}</span>
                  </p>
                  <Markdown text={localized(release.notes, language)} className="text-muted-foreground" />
                </li>
              ))}
            </ol>
            <p>
              <Link to={paths.service(name, service.id)} className="text-sm font-medium text-primary underline underline-offset-4">
                {t('backToService', { name })}
              </Link>
            </p>
          </section>
        </div>
      </div>
    </article>
  );
}
