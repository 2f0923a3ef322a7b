import { lazy, Suspense, useEffect, useState } from 'react';

const AppToaster = lazy(() => import('./app-toaster').then((m) => ({ default: m.AppToaster })));

/**
 * Mounts the toaster once the browser is idle after the first render: sonner is ~9 KB gzip that
 * the first paint does not need (notifications only follow user actions), and the first-load
 * budget for /services is 130 KB.
 */
export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setReady(true), 200);
    return () => window.clearTimeout(timer);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
