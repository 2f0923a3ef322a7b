import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '@portal/contract/common';
import type { LoaderFunctionArgs } from 'react-router';

/** What the app hands to a feature's route loader (features never reach into the app). */
export interface LoaderContext {
  queryClient: QueryClient;
  /** The interface language at the time of the navigation. */
  language: () => Language;
}

/**
 * A feature's data preload for a route (docs/architecture.md#data-flow-of-a-screen). It returns nothing:
 * screens read the data from the query cache that the loader filled. It may throw `redirect()`
 * (e.g. a stale slug; the app turns it into a replace where the history needs that) or a
 * NotFoundError (→ /404).
 */
export type RouteDataLoader = (context: LoaderContext, args: LoaderFunctionArgs) => Promise<void>;
