import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a page the server rendered is not yet the app's (on the server and while the
 * browser hydrates it), true after that and in a page the app rendered itself. A button whose
 * click only the app can answer is disabled until then: a click on the server's markup would
 * otherwise do nothing (docs/performance.md#public-pages-rendered-on-the-server).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
