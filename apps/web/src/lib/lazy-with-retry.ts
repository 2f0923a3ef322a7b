import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

export type RetryableLazy<P extends object> = FunctionComponent<P> & {
  /** Forget a failed load, so the next mount loads the chunk again. Call it once the error is caught. */
  retry: () => void;
};

/**
 * React.lazy keeps a failed import for good: a chunk that could not load once (offline, a
 * deploy in between) would fail on every later render until the page is reloaded. This one can
 * start over: the error boundary that caught the failure calls `retry()`, and the next mount
 * (reopening a dialog, coming back online) loads the chunk again. Not automatic on failure,
 * which would load again and again while React re-renders the failing part.
 */
export function lazyWithRetry<P extends object>(load: () => Promise<ComponentType<P>>): RetryableLazy<P> {
  const create = () => lazy(() => load().then((component) => ({ default: component })));
  let current = create();
  const LazyWithRetry = (props: P) => createElement(current, props);
  return Object.assign(LazyWithRetry, { retry: () => void (current = create()) });
}
