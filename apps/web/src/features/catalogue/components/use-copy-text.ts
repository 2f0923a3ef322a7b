import { useEffect, useState } from 'react';

/** How long "copied" shows after a copy. */
const COPIED_MS = 2000;

/** Copies text to the clipboard; `copied` is true for two seconds after, `failed` when the browser refused. */
export function useCopyText() {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(true);
    } catch {
      setFailed(true);
    }
  };
  return { copy, copied, failed };
}
