import { CATALOGUE_SEARCH_LIMITS, CATEGORY_PATTERN } from '@portal/contract/catalogue-search';

/** The catalogue's filter as the address holds it (`?q=…&category=…`); anything malformed is no filter. */
export interface CatalogueFilter {
  q: string;
  category: string;
}

export function readCatalogueFilter(params: URLSearchParams): CatalogueFilter {
  const q = (params.get('q') ?? '').trim().slice(0, CATALOGUE_SEARCH_LIMITS.query);
  const category = params.get('category') ?? '';
  return { q, category: CATEGORY_PATTERN.test(category) ? category : '' };
}

/** The query string of a filter (empty values left out), for links and the address. */
export function catalogueFilterSearch(filter: CatalogueFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.category) params.set('category', filter.category);
  const search = params.toString();
  return search ? `?${search}` : '';
}
