import { z } from 'zod';

// Text that people type is stored and shown as is, so it must be text: no control characters
// (they break logs, CSV and PostgreSQL, which refuses NUL) and no lone UTF-16 surrogates (they
// cannot be encoded and would come back mangled). Both dialects refuse the same input this way.
// See docs/security.md#text-input.

// C0 and C1 control characters and DEL: matching them is the point here.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// The same, but tab, line feed and carriage return stay allowed (textareas send CRLF).
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSingleLineText = (value: string): boolean => !CONTROL.test(value) && !LONE_SURROGATE.test(value);

export const isMultiLineText = (value: string): boolean =>
  !CONTROL_EXCEPT_LINE_BREAKS.test(value) && !LONE_SURROGATE.test(value);

/** One line of text (names, e-mail, search terms): no control characters, well-formed Unicode. */
export const singleLineText = () => z.string().refine(isSingleLineText, { message: 'invalid characters' });

/** Text with line breaks and tabs (descriptions, messages); otherwise as singleLineText. */
export const multiLineText = () => z.string().refine(isMultiLineText, { message: 'invalid characters' });

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML element content or a quoted attribute value (mails, the SSR head, seed SVGs). */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
