// Text formats: cut descriptions and the slugs of addresses (docs/domain.md). Amounts and calls
// are in numbers.ts, days in days.ts.

/**
 * Text longer than `max` is cut to at most `max - 3` characters plus '...': `max` characters at
 * most. The cut falls between words ("Deutschland" is never left as "Deutschlan..."); only a
 * single word longer than that is cut inside.
 */
export function truncate(text: string, max = 90): string {
  // Array.from counts code points, so an emoji is never cut in half.
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 3).join('');
  const atWordEnd = /\s/.test(chars[max - 3] ?? ' ');
  const words = (atWordEnd ? head : head.replace(/\s+\S*$/, '')).replace(/[\s,;:–-]+$/, '');
  return `${words || head}...`;
}

const umlauts: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** 'Adress-Prüfung für Shops' → 'adress-pruefung-fuer-shops' (docs/domain.md#ids-and-slugs). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => umlauts[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // other accents: é → e
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `{slug}-{id}` for a route segment; just the id when the name has no letters or digits. */
export function slugId(name: string, id: string): string {
  const slug = slugify(name);
  return slug ? `${slug}-${id}` : id;
}

export interface SlugId {
  slug: string;
  id: string;
}

/**
 * Splits a `{slug}-{id}` route segment at the LAST '-' (ids never contain one). Returns null
 * when the id part is not a valid id.
 */
export function splitSlugId(segment: string): SlugId | null {
  const value = segment.replace(/^\/+/, '');
  const at = value.lastIndexOf('-');
  const slug = at < 0 ? '' : value.slice(0, at);
  const id = at < 0 ? value : value.slice(at + 1);
  return /^[A-Za-z0-9]{1,64}$/.test(id) ? { slug, id } : null;
}
