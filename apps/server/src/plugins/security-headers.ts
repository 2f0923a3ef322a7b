import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

// One strict policy for the single-page app. Scripts only from our origin (no inline scripts:
// the theme bootstrap is a file); inline styles are allowed because the toast and chart
// libraries set them at run time. Connections go to our origin and to the servers of published
// API references, which the try-it panel calls from the browser (docs/security.md#headers).
const pageOptions = (connectSources: readonly string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...connectSources],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
});

/** The headers helmet sets with these options: they depend on nothing in the request. */
function helmetHeaders(helmetOptions: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  helmet(helmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The headers of the API's own answers (JSON, CSV, images under /rest/): the set the OWASP REST
 * Security Cheat Sheet names for APIs. A page is never built from them, so the page headers
 * (script and style sources, referrer, opener and prefetch policies, legacy browser switches)
 * protect nothing there; opened as a document, `default-src 'none'` lets it load nothing at all.
 * HSTS is the same rule as for the pages. See docs/security.md#headers.
 */
function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': pageHeaders['strict-transport-security'] ?? '',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/**
 * The hardening headers of pages and files, and of the API's own answers. They depend on nothing
 * in the request, so they are worked out once at start (helmet's Fastify plugin builds them again
 * for every request).
 */
export function securityHeaders(connectSources: readonly string[] = []): {
  pages: Record<string, string>;
  api: Record<string, string>;
} {
  const pages = helmetHeaders(pageOptions(connectSources));
  return { pages, api: apiHeaders(pages) };
}
