// Display formats (docs/domain.md#display-formats). Pure functions, no Intl locale data: the
// separators are the same in both interface languages.

/** Text longer than `max` is cut to `max - 3` characters plus '…'. */
export function truncate(text: string, max = 90): string {
  // Array.from counts code points, so an emoji is never cut in half.
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 3).join('')}…`;
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

type Amount = number | string | null | undefined;

function toNumber(value: Amount): number {
  if (value === null || value === undefined || value === '') return 0;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Amounts: comma thousands, two decimals, '0.00' for empty or zero: 1,234,567.50 */
export function formatAmount(value: Amount): string {
  // toPrecision(15) first: 1.005 * 100 is 100.49999999999999 in binary floating point.
  const cents = Math.round(Number((Math.abs(toNumber(value)) * 100).toPrecision(15)));
  const sign = toNumber(value) < 0 && cents > 0 ? '-' : '';
  const euros = groupThousands(String(Math.floor(cents / 100)), ',');
  return `${sign}${euros}.${String(cents % 100).padStart(2, '0')}`;
}

/** A price with the euro sign: '1,234.00 €'; empty or zero → '0.00 €'. */
export function formatPrice(value: Amount): string {
  return `${formatAmount(value)} €`;
}

/** Calls: dot thousands separator, whole numbers: 1.234.567 */
export function formatCalls(value: Amount): string {
  const number = Math.round(toNumber(value));
  const sign = number < 0 ? '-' : '';
  return `${sign}${groupThousands(String(Math.abs(number)), '.')}`;
}

/**
 * ISO date (YYYY-MM-DD) or timestamp → DD.MM.YYYY; '' when it is not a date. A plain date is
 * taken as written (no time zone shift); a timestamp is shown in the viewer's local time.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (plain) return `${plain[3]}.${plain[2]}.${plain[1]}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}
