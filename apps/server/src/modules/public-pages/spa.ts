import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error.js';
import { hasRenderingBundle, publicPages } from './public-pages.js';

/**
 * Serves the built web app and answers every other GET with index.html (history routing), so a
 * deep link such as /projects/x-abc opens the app. /rest/ paths never get the app: an unknown
 * API path is a JSON 404. When the build holds the rendering bundle, public pages are answered
 * rendered instead (docs/performance.md#public-pages-rendered-on-the-server).
 */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasApp = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz beside each text file (apps/web/build/precompress.ts).
      preCompressed: true,
      // The rendering bundle (ssr/) and the build's manifest (.vite/) are the server's, not the
      // browser's.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/') && !pathName.startsWith('/.vite/'),
      setHeaders(reply, path) {
        // Vite puts content hashes into asset names, so they never change under a URL.
        // index.html must be revalidated so a deploy reaches everyone at once.
        const immutable = path.startsWith(join(webDist, 'assets'));
        const policy = path.endsWith('index.html') ? 'no-cache' : 'public, max-age=300';
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : policy);
      },
    });
  }
  const renderedPage = hasApp && hasRenderingBundle(webDist) ? publicPages(app, webDist) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasApp || path.startsWith('/rest/') || path === '/rest' || !wantsPage) throw notFound();
    // A missing file with an extension (e.g. /assets/old.js after a deploy) is a real 404.
    if (/\.[a-z0-9]+$/i.test(path)) throw notFound();
    // Returns the reply, never awaits it: a sent reply is a thenable that resolves to undefined.
    if (await renderedPage?.(request, reply)) return reply;
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
