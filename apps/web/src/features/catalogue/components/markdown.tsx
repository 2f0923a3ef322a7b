import { marked } from 'marked';
import { useMemo } from 'react';
import { SanitizedHtml } from '@/components/sanitized-html';

/**
 * Markdown from an API document (descriptions), rendered with marked and then cleaned like all
 * rich text: by the server's cleaner when rendered there, by DOMPurify in the browser
 * (docs/security.md#rich-text). Raw HTML inside the Markdown goes through the same cleaning.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => (text ? marked.parse(text, { async: false, gfm: true }) : ''), [text]);
  if (!html) return null;
  return <SanitizedHtml html={html} className={className} />;
}
