import type { Language } from './common.js';

// The boundary between the server and the web app's server-side rendering bundle
// (apps/web/src/entry-server.tsx, built by `vite build --ssr`): the server imports the bundle and
// renders the public pages with it (docs/performance.md#public-pages-rendered-on-the-server).
// Types only: nothing here runs.

/** A GET of the REST API answered in process, with the answer the route would send; undefined: not found. */
export type InProcessAnswer = (
  path: string,
  request: { query?: Readonly<Record<string, unknown>> | undefined; language: Language },
) => Promise<unknown>;

export interface PageRenderRequest {
  /** Path and query of the page, e.g. `/services?lang=en`. */
  url: string;
  /** The language of the rendering (`?lang=en`, else German). */
  language: Language;
  /** `scheme://host` of the portal, for the canonical and alternate links. */
  origin: string;
}

export type PageRenderResult =
  /**
   * `head`: title, description, canonical and alternates; `body`: the content of #root; `data`:
   * the page's data as a `<script type="application/json">` element; `modules`: the web app's
   * source modules the page's screens are in beyond the entry (as the web build's manifest names
   * them, e.g. `src/features/legal/routes/legal-page.tsx`), for the server to preload.
   */
  | { kind: 'page'; status: 200 | 404; head: string; body: string; data: string; modules: string[] }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  /** The address does not exist (or names no service or legal page): answer the not-found page. */
  | { kind: 'notFound' }
  /** Not a public page (signed-in screens, forms): the app renders it in the browser. */
  | { kind: 'shell' };

/** What the server-side rendering bundle exports. */
export interface PageRendererModule {
  createPageRenderer(options: {
    answer: InProcessAnswer;
    /** Cleans rich text from the catalogue the way the server does before storing it. */
    sanitizeHtml: (html: string) => string;
  }): (request: PageRenderRequest) => Promise<PageRenderResult>;
}
