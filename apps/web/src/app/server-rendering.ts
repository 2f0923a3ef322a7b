import type { DehydratedState } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import type { HydrationState } from 'react-router';
import type { Language } from '@portal/contract/common';

// What a page rendered on the server hands to the app in the browser, as JSON in
// <script type="application/json" id="rendered-page"> (data, not script: the Content Security
// Policy stays as strict as it is). See docs/performance.md#public-pages-rendered-on-the-server.

export const renderedPageElementId = 'rendered-page';

export interface RenderedPage {
  /** The language the page was rendered in. */
  language: Language;
  /** The address rendered: /404 for an address that names nothing. */
  path: string;
  /** The texts the page was rendered with, both languages. */
  texts: Resource;
  /** The query cache the page was rendered from. */
  queries: DehydratedState;
  /** The route loaders' results, so the router starts without running them again. */
  router: HydrationState;
}

/** The rendered page's data, or undefined on a page the server did not render (the app's shell). */
export function readRenderedPage(): RenderedPage | undefined {
  const text = document.getElementById(renderedPageElementId)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as RenderedPage;
  } catch {
    return undefined;
  }
}
