import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { cn } from '@/lib/cn';

/**
 * HTML from the API (service descriptions, legal pages). The server sanitizes on write; this
 * sanitizes again on render (DESIGN.md "HTML"), so a bad row can never run script here.
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={cn('prose-content', className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
