import { Writable } from 'node:stream';
import { defaultShouldDehydrateQuery, dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Language } from '@portal/contract/common';
import type { PageRendererModule, PageRenderRequest, PageRenderResult } from '@portal/contract/page-render';
import type { Service } from '@portal/contract/service';
import { escapeHtml } from '@portal/contract/text';
import type { TranslationItem } from '@portal/contract/translation';
import { startNamespaces } from '@portal/translations/namespaces';
import { AppProvider } from './app/provider';
import { createRoutes, loadScreens, namespacesFor, serverRendering } from './app/router';
import { modulesOf } from './app/screen-modules';
import type { RenderedPage } from './app/server-rendering';
import { renderedPageElementId } from './app/server-rendering';
import { setServerSanitizer } from './components/sanitized-html';
import { paths } from './config/paths';
import { splitSlugId } from './lib/format';
import { createI18n } from './lib/i18n';
import { localized } from './lib/localized';
import { createQueryClient } from './lib/query-client';
import { serviceKeys } from './lib/query-keys';
import { configureRestClient, restClient } from './lib/rest-client';
import { translationsPath } from './lib/rest-paths';
import { toResources } from './lib/translation-backend';
import { publicConfigQueryOptions } from './resources/public-config';
import { servicesQueryOptions } from './resources/services';

// The public pages rendered on the server (docs/performance.md#public-pages-rendered-on-the-server):
// the same routes, loaders and screens as in the browser, with the REST calls answered by the
// server's services in process. The server imports this bundle (vite build --ssr) and caches
// what it renders; main.tsx hydrates it from the data block written here.

/** What the screens read besides their route loaders' data: the shell's setting and the landing's list. */
async function prefetchShellData(queryClient: QueryClient, routeIds: readonly string[], language: Language) {
  await Promise.all([
    queryClient.prefetchQuery(publicConfigQueryOptions),
    routeIds.includes('services') ? queryClient.prefetchQuery(servicesQueryOptions(language)) : undefined,
  ]);
}

/** The page's address in each language: a service's slug follows the language (docs/domain.md#ids-and-slugs). */
function addresses(queryClient: QueryClient, pathname: string): Record<Language, string> {
  const match = /^\/services\/([^/]+)(\/api)?$/.exec(pathname);
  const id = match ? splitSlugId(decodeURIComponent(match[1] ?? ''))?.id : undefined;
  const service = id ? queryClient.getQueryData<Service>(serviceKeys.one(id)) : undefined;
  if (!service) return { de: pathname, en: `${pathname}?lang=en` };
  // The service page, or its API reference below it.
  const address = match?.[2] ? paths.serviceApi : paths.service;
  return {
    de: address(localized(service.name, 'de'), service.id),
    en: `${address(localized(service.name, 'en'), service.id)}?lang=en`,
  };
}


/** Canonical address and the alternates in each language; the not-found page is not indexed. */
function linkTags(page: {
  notFound: boolean;
  language: Language;
  origin: string;
  addresses: Record<Language, string>;
}) {
  if (page.notFound) return '<meta name="robots" content="noindex"/>';
  const url = (language: Language) => escapeHtml(`${page.origin}${page.addresses[language]}`);
  return [
    `<link rel="canonical" href="${url(page.language)}"/>`,
    `<link rel="alternate" hreflang="de" href="${url('de')}"/>`,
    `<link rel="alternate" hreflang="en" href="${url('en')}"/>`,
    `<link rel="alternate" hreflang="x-default" href="${url('de')}"/>`,
  ].join('');
}

/** Renders the whole tree, waiting for everything (no streamed fallbacks, so no inline script). */
function renderToText(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}

// React writes the <title>, <meta> and <link> elements of the tree first; they belong in <head>.
const leadingHeadElements = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)*/;

async function renderPage(
  request: PageRenderRequest,
  url: URL,
  screenRoutes: Parameters<typeof loadScreens>[0],
): Promise<PageRenderResult> {
  const { language } = request;
  const routeNamespaces = namespacesFor(url.pathname);
  const namespaces = [...new Set([...startNamespaces, ...routeNamespaces])].sort();
  const items = await restClient.get<TranslationItem[]>(translationsPath(), {
    query: { namespace: namespaces },
    language,
  });
  const texts = toResources(items, namespaces);
  const { i18n, ready } = createI18n(routeNamespaces, { language, resources: texts });
  const queryClient = createQueryClient();
  const [screens] = await Promise.all([
    loadScreens(screenRoutes),
    ready,
    prefetchShellData(
      queryClient,
      screenRoutes.map((route) => route.id),
      language,
    ),
  ]);

  const handler = createStaticHandler(
    createRoutes({ queryClient, i18n, i18nReady: ready, router: () => undefined }, screens),
  );
  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (!location || context.status < 300 || context.status >= 400)
      throw new Error(`Unexpected answer ${context.status}`);
    // The loaders forward an address that names nothing to /404, and a stale slug to the current one.
    if (location === paths.notFound()) return { kind: 'notFound' };
    return { kind: 'redirect', status: 301, location };
  }
  const error: unknown = context.errors ? Object.values(context.errors)[0] : undefined;
  if (error !== undefined) throw error instanceof Error ? error : new Error('A route loader failed');

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToText(
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
  const hoisted = leadingHeadElements.exec(html)?.[0] ?? '';
  const notFound = url.pathname === paths.notFound();
  const data: RenderedPage = {
    language,
    path: url.pathname,
    texts,
    // Queries marked meta.rendered: false only feed others (all legal pages, of which the page
    // carries its own): the browser fetches them if it ever needs them.
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && query.meta?.rendered !== false,
    }),
    router: { loaderData: context.loaderData, actionData: null, errors: null },
  };
  return {
    kind: 'page',
    status: notFound ? 404 : 200,
    head:
      hoisted +
      linkTags({
        notFound,
        language,
        origin: request.origin,
        addresses: addresses(queryClient, url.pathname),
      }),
    body: html.slice(hoisted.length),
    modules: modulesOf(screenRoutes.map((route) => route.id)),
    // In a <script type="application/json">: "<" escaped, so no text can close the element.
    data: `<script type="application/json" id="${renderedPageElementId}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
  };
}

export const createPageRenderer: PageRendererModule['createPageRenderer'] = ({ answer, sanitizeHtml }) => {
  configureRestClient({ answerInProcess: answer, onUnauthorized: () => undefined });
  setServerSanitizer(sanitizeHtml);
  return async (request) => {
    const url = new URL(request.url, request.origin);
    const decision = serverRendering(url.pathname);
    if (decision.kind === 'redirect')
      return { kind: 'redirect', status: 302, location: `${decision.to}${url.search}` };
    if (decision.kind !== 'page') return decision;
    return renderPage(request, url, decision.screens);
  };
};
