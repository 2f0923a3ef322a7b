import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';

// Text content only: no forms (a fake login inside a description) and no inline styles (an
// element laid over the page).
const options = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'option', 'style'],
  FORBID_ATTR: ['style'],
};

// Rendering on the server there is no DOM for DOMPurify (it would hand the HTML back as it is):
// the server's own rich-text cleaner stands in, set by entry-server.tsx. Unset, nothing is shown.
let serverSanitizer: (html: string) => string = () => '';

export function setServerSanitizer(sanitize: (html: string) => string): void {
  serverSanitizer = sanitize;
}

/**
 * HTML from the API (service descriptions, legal pages), sanitized here on render whatever the
 * database holds, so a bad row can never run script here.
 *
 * One exception: the HTML a server-rendered page was hydrated with. The server's markup of it,
 * cleaned by the server's sanitizer, has been in the document since before any script ran, so
 * cleaning it again would protect nothing and cost the hydration a pass of DOMPurify (the legal
 * page's text is long). The element keeps that markup: React leaves inner HTML it hydrates
 * alone, and keeps it while the value given stays the same. Another text (the other language,
 * another page) is sanitized as always.
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const hydrated = useHydrated();
  const onServer = !DOMPurify.isSupported;
  // The text of the hydration render, until the element is given another one: from then on its
  // markup is React's, and coming back to that text must write it again.
  const [adopted, setAdopted] = useState(() => (hydrated || onServer ? undefined : html));
  if (adopted !== undefined && html !== adopted) setAdopted(undefined);
  const clean = useMemo(() => {
    if (onServer) return serverSanitizer(html);
    return html === adopted ? undefined : DOMPurify.sanitize(html, options);
  }, [html, adopted, onServer]);
  return (
    <div
      className={cn('prose-content', className)}
      dangerouslySetInnerHTML={{ __html: clean ?? '' }}
      suppressHydrationWarning={clean === undefined}
    />
  );
}
