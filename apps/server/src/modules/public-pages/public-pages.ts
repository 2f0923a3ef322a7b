import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageRendererModule, PageRenderRequest, PageRenderResult } from '@portal/contract/page-render';
import { AnswerCache, CachedAnswer } from '../../lib/answer-cache.js';
import type { Language } from '../../lib/language.js';
import { chooseEncoding, matchesEtag } from '../../lib/send-cached.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue-changes.js';
import { inProcessAnswers } from './in-process-answers.js';
import { pageAddress } from './page-address.js';

// The public pages (catalogue, a service, prices, legal pages, not found) answered rendered, so
// that search engines and slow phones see the content before any script runs:
// docs/performance.md#public-pages-rendered-on-the-server.

/** Where `vite build --ssr` puts the rendering bundle inside the web build (apps/web/package.json). */
const BUNDLE = join('ssr', 'entry-server.js');
/** The web app's not-found page (config/paths.ts): an address that names nothing is answered with it. */
const NOT_FOUND_PATH = '/404';
/** Where `build.manifest` puts the web build's manifest (apps/web/vite.config.ts). */
const MANIFEST = join('.vite', 'manifest.json');
/** Backstop for edits made outside every instance's change feed, as for the catalogue's answers. */
const MAX_AGE_MS = 60_000;

type Render = (request: PageRenderRequest) => Promise<PageRenderResult>;
type Compose = (page: Extract<PageRenderResult, { kind: 'page' }>, language: Language) => string;
/** Vite's build manifest: per source module its file and the chunks it imports. */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The manifest of the web build, or undefined (an older build: pages go without preloads). */
function readManifest(webDist: string): Manifest | undefined {
  const file = join(webDist, MANIFEST);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/**
 * <link rel="modulepreload"> for the chunks of `modules` and everything they import but the
 * entry (which index.html loads anyway): a page's screens load beside the entry, not after it
 * has run (docs/performance.md#first-load-javascript).
 * At low priority: the style sheet and the entry come first, so the first paint does not wait
 * for chunks that are only needed once the entry runs.
 */
function modulePreloads(manifest: Manifest | undefined, modules: readonly string[]): string {
  if (!manifest) return '';
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files]
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    .join('');
}

/** Whether `webDist` holds a rendering bundle (a build without it serves the app's shell only). */
export function hasRenderingBundle(webDist: string): boolean {
  return existsSync(join(webDist, BUNDLE));
}

/**
 * index.html of the web build with the page put in: its language, its head (title, description,
 * canonical and alternate links instead of the shell's title and description), the rendered
 * content in #root and the data block after it. undefined when the file is not shaped as expected.
 */
function pageTemplate(indexHtml: string, manifest: Manifest | undefined): Compose | undefined {
  // The shell's preloads are for the screens rendered in the browser; a page names its own.
  const html = indexHtml
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '');
  const headEnd = html.indexOf('</head>');
  const rootStart = html.indexOf('<div id="root">');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || rootStart < headEnd || bodyEnd < rootStart) return undefined;
  const head = html.slice(0, headEnd);
  const between = html.slice(headEnd, rootStart);
  const tail = html.slice(bodyEnd);
  return (page, language) =>
    `${head.replace(/<html lang="[^"]*">/, `<html lang="${language}">`)}${page.head}` +
    `${modulePreloads(manifest, page.modules)}${between}` +
    `<div id="root">${page.body}</div>${page.data}${tail}`;
}

/** The rendering bundle and the page template, loaded once; undefined when either is unusable. */
async function loadRenderer(
  app: FastifyInstance,
  webDist: string,
): Promise<{ render: Render; compose: Compose } | undefined> {
  try {
    const compose = pageTemplate(readFileSync(join(webDist, 'index.html'), 'utf8'), readManifest(webDist));
    if (!compose) throw new Error('index.html has no <head> or no <div id="root">');
    const bundle = (await import(pathToFileURL(join(webDist, BUNDLE)).href)) as PageRendererModule;
    const render = bundle.createPageRenderer({
      answer: inProcessAnswers(app),
      sanitizeHtml: sanitizeRichText,
    });
    return { render, compose };
  } catch (error) {
    app.log.error(
      { err: error },
      'server-side rendering unavailable: public pages are served as the app shell',
    );
    return undefined;
  }
}

function sendPage(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, status: 200 | 404): void {
  // Revalidated on every visit (a 304 while the page is unchanged), like index.html.
  void reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (status === 200) {
    void reply.header('etag', answer.etag);
    if (matchesEtag(request.headers['if-none-match'], answer.etag)) return void reply.code(304).send();
  }
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return void reply.send(answer.body);
  void reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}

/**
 * Answers page requests with rendered pages, cached per language and address as finished
 * (compressed) bytes until the catalogue changes. Only pages that exist are kept: an address
 * that names nothing gets the one not-found page of its language, a stale address its forward,
 * neither kept under its own address; so the cache holds at most every page of the catalogue.
 * Each page has one address: its other spellings are forwarded there (page-address.ts), and
 * only the route shapes of rendered pages are rendered at all.
 *
 * The returned function answers a request and says whether it did (false: the caller sends the
 * app's shell). It never returns the reply: a reply is a thenable, and awaiting it after it was
 * sent resolves to undefined, which once made the caller send the shell as well.
 */
export function publicPages(app: FastifyInstance, webDist: string) {
  const cache = new AnswerCache(app.changes, CATALOGUE_TOPIC, MAX_AGE_MS);
  let loading: ReturnType<typeof loadRenderer> | undefined;
  // Imported once the server is up, not before: a server starts even when the bundle is broken.
  const renderer = () => (loading ??= loadRenderer(app, webDist));
  app.addHook('onReady', async () => void renderer());

  const answer = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const loaded = await renderer();
    if (!loaded) return false;
    const queryAt = request.url.indexOf('?');
    const requested = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const search = queryAt < 0 ? '' : request.url.slice(queryAt);
    const address = pageAddress(requested);
    if (address.kind === 'page' && address.path !== requested) {
      // Another spelling of a page's address: forwarded, the query kept, nothing rendered.
      void reply.redirect(`${address.path}${search}`, 301);
      return true;
    }
    const query = new URLSearchParams(search);
    const language: Language = query.get('lang') === 'en' ? 'en' : 'de';
    // Links in the page are absolute (search engines want them so); PUBLIC_URL is set in
    // production, elsewhere the address the request came to.
    const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    let outcome: PageRenderResult | undefined;
    const render = (path: string) => async () => {
      const result = await loaded.render({ url: `${path}${search}`, language, origin });
      outcome = result;
      return result.kind === 'page' ? loaded.compose(result, language) : undefined;
    };
    const uncached = async (path: string) => {
      const body = await render(path)();
      return body === undefined ? undefined : new CachedAnswer(Buffer.from(body), 'quick');
    };
    // A searched or filtered catalogue (?q=, ?category=) is rendered for its request and not
    // kept: searches have no bound (docs/domain.md#catalogue-search). Any other path than a
    // page's is only classified by the bundle (the app's shell, a forward or not found, which
    // runs no loader), and never kept under its own spelling.
    const searched = query.has('q') || query.has('category');
    const path = address.kind === 'page' ? address.path : requested.replace(/^\/+/, '/');
    try {
      const page =
        address.kind === 'invalid'
          ? undefined
          : address.kind === 'page' && !searched
            ? await cache.get(`${language} ${origin} ${path}`, render(path))
            : await uncached(path);
      if (page && address.kind !== 'page') {
        // The web app renders a route that page-address.ts does not know: its shape belongs
        // there, or every spelling of it would be rendered anew. Until then it gets the shell.
        request.log.warn({ path }, 'rendered page outside the known page shapes; answered with the shell');
        return false;
      }
      if (page) {
        sendPage(request, reply, page, path === NOT_FOUND_PATH ? 404 : 200);
        return true;
      }
      const result = outcome;
      if (result?.kind === 'redirect') {
        void reply.redirect(result.location, result.status);
        return true;
      }
      if (address.kind !== 'invalid' && result?.kind !== 'notFound') return false;
      const notFound = await cache.get(`${language} ${origin} ${NOT_FOUND_PATH}`, render(NOT_FOUND_PATH));
      if (!notFound) return false;
      sendPage(request, reply, notFound, 404);
      return true;
    } catch (error) {
      // The app renders the page in the browser instead.
      request.log.error({ err: error }, 'server-side rendering failed');
      return false;
    }
  };
  return answer;
}
