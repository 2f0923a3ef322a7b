import { Suspense, useEffect, useState } from 'react';
import { LazyBoundary } from '@/components/lazy-boundary';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { onDemand } from '../load-on-demand';
import { renderedPageElementId } from '../server-rendering';

const AppToaster = lazyWithRetry(() =>
  onDemand()
    .then((m) => m.appToaster())
    .then((m) => m.AppToaster),
);

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 200);
  return () => window.clearTimeout(timer);
}

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
 * Mounts the toaster (sonner, ~9 KB gzip) only when it can be needed. On a page the server
 * rendered (the public catalogue, prices, legal pages) every notice follows an action, which
 * starts with a press, a key or a focus: the toaster waits for that, so a visitor who only reads
 * never loads it (first-load budget of /services, docs/performance.md). Other screens can raise a
 * notice as they open (a confirmed e-mail address): there it mounts once the browser is idle. A
 * notice raised before it is mounted is shown on mounting. If its chunk cannot be loaded
 * (offline), it tries again when the browser is back online.
 */
export function DeferredToaster() {
  const [attempt, setAttempt] = useState(0);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    if (attempt === 0) {
      const serverRendered = document.getElementById(renderedPageElementId) !== null;
      return (serverRendered ? onFirstInteraction : whenIdle)(() => setReady(true));
    }
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
