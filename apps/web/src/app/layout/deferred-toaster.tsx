import { Suspense, useEffect, useState } from 'react';
import { LazyBoundary } from '@/components/lazy-boundary';
import { lazyWithRetry } from '@/lib/lazy-with-retry';

const AppToaster = lazyWithRetry(() => import('./app-toaster').then((m) => m.AppToaster));

/** What a person does before any notice can follow: press, type or move focus. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

function onFirstInteraction(callback: () => void): () => void {
  const stop = () => INTERACTIONS.forEach((type) => window.removeEventListener(type, fire, true));
  function fire() {
    stop();
    callback();
  }
  INTERACTIONS.forEach((type) => window.addEventListener(type, fire, { capture: true, passive: true }));
  return stop;
}

/**
 * Mounts the toaster when the person first interacts with the page: sonner is ~9 KB gzip that a
 * visitor who only reads never needs (notifications only follow user actions, and every one of
 * them starts with a press, a key or a focus), and the first-load budget for /services is 130 KB
 * (docs/performance.md). A notice raised before it is mounted is shown on mounting. If its
 * chunk cannot be loaded (offline), it tries again when the browser is back online.
 */
export function DeferredToaster() {
  const [attempt, setAttempt] = useState(0);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    if (attempt === 0) return onFirstInteraction(() => setReady(true));
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
