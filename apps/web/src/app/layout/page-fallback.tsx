import { LoadingState } from '@/components/query-state';

/** Shown inside the shell while the first route's screen and data load. */
export function PageFallback() {
  return <LoadingState />;
}
