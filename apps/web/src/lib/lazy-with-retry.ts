import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

/**
 * React.lazy keeps a failed import for good: a chunk that could not load once (offline, a
 * deploy in between) would fail on every later render until the page is reloaded. This one
 * starts over after a failure, so the next attempt (reopening a dialog, coming back online)
 * loads the chunk again. The failure itself still reaches the nearest error boundary.
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<ComponentType<P>>,
): FunctionComponent<P> {
  const create = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          current = create();
          throw error;
        },
      ),
    );
  let current = create();
  return function LazyWithRetry(props: P) {
    return createElement(current, props);
  };
}
