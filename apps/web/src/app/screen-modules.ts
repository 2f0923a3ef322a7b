/**
 * The module of each lazy screen the server renders, as the web build's manifest names it, and the
 * chunk of their imports (app/on-demand.ts): the server puts them into the page as
 * <link rel="modulepreload">, so they load beside the entry instead of after it
 * (docs/performance.md#first-load-javascript). The landing screen is part of the entry.
 */
export const screenModules: Readonly<Record<string, string>> = {
  service: 'src/features/catalogue/routes/service-detail.tsx',
  'service-api': 'src/features/catalogue/routes/api-reference.tsx',
  price: 'src/features/prices/routes/price-overview.tsx',
  legal: 'src/features/legal/routes/legal-page.tsx',
  'not-found': 'src/features/not-found/routes/not-found.tsx',
};
const onDemandModule = 'src/app/on-demand.ts';

/** The modules to preload for the matched routes of a rendered page. */
export function modulesOf(routeIds: readonly string[]): string[] {
  const screens = routeIds.flatMap((id) => screenModules[id] ?? []);
  return screens.length > 0 ? [onDemandModule, ...screens] : [];
}
