import type { Language } from '@portal/contract/common';

// Every query key of the data cache is built here (the signed-in screens' own in
// query-keys-signed-in.ts, so that the first-load chunk carries none of those), one factory per
// resource: features share cache entries (a project loaded by one is patched by another) through
// these, never through literals. A key starts with its resource's root, so `projectKeys.lists()` matches every
// user's list and `licenceKeys.one(id)` the licence with all its usage periods.

export const userKeys = {
  one: (oid: string) => ['user', oid] as const,
};

export const serviceKeys = {
  /** The server sorts by the name in the request language, so the language is part of the key. */
  list: (language: Language) => ['services', { orderby: 'name', language }] as const,
  one: (id: string) => ['service', id] as const,
};

/** A service's published API reference, per language (the English document may differ). */
export const apiReferenceKeys = {
  one: (serviceId: string, language: Language) => ['api-reference', serviceId, language] as const,
};

export const pricePackageKeys = { all: () => ['price-packages'] as const };

export const legalPageKeys = {
  all: () => ['legal-pages'] as const,
  /** One page by its internal name, taken from the list: what a server-rendered page carries. */
  one: (name: string) => ['legal-pages', name] as const,
};

/** The server's public settings (whether sign-up is open). */
export const publicConfigKeys = { all: () => ['public-config'] as const };

/** Roots of the public catalogue: kept over a logout, everything else belonged to the user. */
export const publicQueryRoots: ReadonlySet<unknown> = new Set([
  serviceKeys.list('de')[0],
  serviceKeys.one('')[0],
  apiReferenceKeys.one('', 'de')[0],
  pricePackageKeys.all()[0],
  legalPageKeys.all()[0],
  publicConfigKeys.all()[0],
]);
