import DOMPurify from 'dompurify';
import { useMemo } from 'react';
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
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () => (DOMPurify.isSupported ? DOMPurify.sanitize(html, options) : serverSanitizer(html)),
    [html],
  );
  return <div className={cn('prose-content', className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
