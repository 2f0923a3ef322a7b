// Search and category filter of the catalogue (docs/domain.md#catalogue-search), one rule for
// the server's list (GET /rest/collection/service?q=…&category=…) and the /services page. Plain
// functions without zod: the page's first-load chunk carries them (the query's schema is in
// service.ts).

export const CATALOGUE_SEARCH_LIMITS = { query: 100 } as const;

/** A category as an admin sets it on a service. */
export const CATEGORY_PATTERN = /^[a-z][a-z0-9-]{0,49}$/;

/**
 * Two foldings of a text, so that "strasse" finds "Straße", "gross" finds "Groß", "muller" and
 * "mueller" both find "Müller": lower case with ß as ss, once with the accents dropped and once
 * with ä ö ü spelled ae oe ue.
 */
function foldings(text: string): [string, string] {
  const lower = text.toLowerCase().replaceAll('ß', 'ss');
  const spelled = lower.replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue');
  const strip = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '');
  return [strip(lower), strip(spelled)];
}

/** The words of a search; empty when there is nothing to search for. */
function searchWords(query: string): Array<[string, string]> {
  return query
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 10)
    .map(foldings);
}

interface Searchable {
  category: string;
  name: { de: string; en: string };
  descriptionShort: { de: string; en: string };
}

/**
 * The services that match: in the category when one is given, and with every word of the query
 * somewhere in the name or short description (German or English). Plain substring tests: no
 * character of the query has a special meaning.
 */
export function filterCatalogue<T extends Searchable>(
  services: readonly T[],
  filter: { q?: string | undefined; category?: string | undefined },
): T[] {
  const words = searchWords(filter.q ?? '');
  const inCategory = services.filter((s) => !filter.category || s.category === filter.category);
  if (words.length === 0) return inCategory;
  return inCategory.filter((service) => {
    const [plain, spelled] = foldings(
      [service.name.de, service.name.en, service.descriptionShort.de, service.descriptionShort.en].join('\n'),
    );
    return words.every(([word, wordSpelled]) => plain.includes(word) || spelled.includes(wordSpelled));
  });
}

/** The categories of the services, each once, in the order given. */
export function categoriesOf(services: ReadonlyArray<{ category: string }>): string[] {
  return [...new Set(services.map((s) => s.category))];
}
