export type Language = 'de' | 'en';

/**
 * The language of a request: Content-Language (what the web app sends), else the first
 * Accept-Language entry; anything but de or en falls back to German.
 */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const raw = headers['content-language'] ?? headers['accept-language'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase() ?? '';
  return value.startsWith('en') ? 'en' : 'de';
}
