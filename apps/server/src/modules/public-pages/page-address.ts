// One address per public page (docs/performance.md#one-address-per-page): the variants a URL
// can be written in (letter case, percent-encoding, empty and dot segments, a trailing slash) are
// forwarded to the one canonical address, so that a page is rendered and compressed once per
// language, not once per spelling.

/**
 * The route shapes of the pages rendered on the server, as the web app declares them
 * (apps/web/src/config/paths.ts, the routes marked `ssr` in apps/web/src/app/router.tsx): fixed
 * segments, and `*` for one segment of the page's own (a `{slug}-{id}` or a legal page's name).
 */
const RENDERED_SHAPES: readonly (readonly string[])[] = [
  ['services'],
  ['services', '*'],
  ['services', '*', 'api'],
  ['price'],
  ['rechtliches', '*'],
  ['404'],
];

/** Longer paths name no page; their segments are not even decoded. */
const MAX_SEGMENTS = 8;

export type PageAddress =
  /** A rendered page's shape; `path` is its canonical spelling (equal to the request's, or forward there). */
  | { kind: 'page'; path: string }
  /** Any other path: the app's shell or the not-found page, decided without rendering. */
  | { kind: 'other' }
  /** Not a path at all (broken percent-encoding): the not-found page. */
  | { kind: 'invalid' };

/**
 * The segments of `path` as the URL standard resolves them: decoded, without empty and dot
 * segments; 'long' beyond MAX_SEGMENTS, 'invalid' for broken percent-encoding.
 */
function segmentsOf(path: string): string[] | 'long' | 'invalid' {
  const raw = path.split('/', MAX_SEGMENTS + 2);
  if (raw.length > MAX_SEGMENTS + 1) return 'long';
  const segments: string[] = [];
  for (const part of raw) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return 'invalid';
    }
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/** Which kind of address `path` (without the query) is, and a page's canonical spelling. */
export function pageAddress(path: string): PageAddress {
  const segments = segmentsOf(path);
  if (segments === 'invalid') return { kind: 'invalid' };
  if (segments === 'long') return { kind: 'other' };
  const shape = RENDERED_SHAPES.find(
    (candidate) =>
      candidate.length === segments.length &&
      candidate.every((fixed, i) => fixed === '*' || fixed === segments[i]?.toLowerCase()),
  );
  if (!shape) return { kind: 'other' };
  const canonical = shape.map((fixed, i) => (fixed === '*' ? encodeURIComponent(segments[i] ?? '') : fixed));
  return { kind: 'page', path: `/${canonical.join('/')}` };
}
