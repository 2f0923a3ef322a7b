import { useEffect, useMemo, useRef } from 'react';

/**
 * A blob: URL for a Blob while it is shown, released when it is no longer. The release waits a
 * tick and is called off when the same URL is used again: StrictMode runs an effect's cleanup
 * and the effect once more on mount, and the URL on screen must survive that.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  const releases = useRef(new Map<string, number>());
  useEffect(() => {
    if (!url) return;
    const pending = releases.current;
    window.clearTimeout(pending.get(url));
    pending.delete(url);
    return () => {
      pending.set(
        url,
        window.setTimeout(() => {
          URL.revokeObjectURL(url);
          pending.delete(url);
        }, 0),
      );
    };
  }, [url]);
  return url;
}
