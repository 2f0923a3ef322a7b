import { truncate } from './format';

// Beside format.ts, in a module of its own: only the legal page uses it, so only its chunk
// carries it (docs/performance.md#first-load-javascript).

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The first words of rich text as plain text, for a page's description: tags (and scripts and
 * styles with their content) dropped, the
 * common entities decoded, white space collapsed, cut at 160 characters.
 */
export function plainTextExcerpt(html: string, max = 160): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/&#(\d{1,7});/g, (_, code: string) => {
      const point = Number(code);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : ' ';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return truncate(text, max);
}
