import { Suspense, useEffect, useState } from 'react';
import { LazyBoundary } from '@/components/lazy-boundary';
import { lazyWithRetry } from '@/lib/lazy-with-retry';

const AppToaster = lazyWithRetry(() => import('./app-toaster').then((m) => m.AppToaster));

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 200);
  return () => window.clearTimeout(timer);
}

/**
 * Mounts the toaster once the browser is idle after the first render: sonner is ~9 KB gzip that
 * the first paint does not need (notifications only follow user actions), and the first-load
 * budget for /services is 130 KB. (A notice raised before it is mounted is shown on mounting.)
 * If its chunk cannot be loaded (offline), it tries again when the browser is back online.
 */
export function DeferredToaster() {
  const [attempt, setAttempt] = useState(0);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    if (attempt === 0) return whenIdle(() => setReady(true));
    const retry = () => setReady(true);
    window.addEventListener('online', retry);
    const timer = window.setTimeout(retry, 10_000);
    return () => {
      window.removeEventListener('online', retry);
      window.clearTimeout(timer);
    };
  }, [attempt, ready]);

  return ready ? (
    <LazyBoundary
      key={attempt}
      onError={() => {
        AppToaster.retry();
        setReady(false);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </LazyBoundary>
  ) : null;
}
