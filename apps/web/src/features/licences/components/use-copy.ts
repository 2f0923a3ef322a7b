import { useCallback, useEffect, useRef, useState } from 'react';

/** The copied confirmation resets after 2000 ms. */
export const COPIED_MS = 2000;

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Without the async clipboard (older browsers, some embedded views): a hidden textarea.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy command refused');
}

/** copy(text) → `copied` is true for COPIED_MS; `failed` when the browser refused. */
export function useCopy() {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    window.clearTimeout(timer.current);
    try {
      await writeClipboard(text);
      setState('copied');
      timer.current = window.setTimeout(() => setState('idle'), COPIED_MS);
    } catch (error) {
      console.error(error);
      setState('failed');
    }
  }, []);

  return { copy, copied: state === 'copied', failed: state === 'failed' };
}
