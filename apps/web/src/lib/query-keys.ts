import type { Language } from '@portal/contract/common';

// Every query key of the data cache, in one factory: features share cache entries (a project
// loaded by one is patched by another) through these functions, never through literals.
// A key starts with its resource's root, so `projects.all()` matches every user's list.

export interface DayRange {
  from: string;
  to: string;
}

export const queryKeys = {
  user: (oid: string) => ['user', oid] as const,
  /** The server sorts by the name in the request language, so the language is part of the key. */
  services: (language: Language) => ['services', { orderby: 'name', language }] as const,
  service: (id: string) => ['service', id] as const,
  pricePackages: () => ['price-packages'] as const,
  legalPages: () => ['legal-pages'] as const,
  projects: {
    all: () => ['projects'] as const,
    of: (userOid: string) => ['projects', userOid] as const,
  },
  project: (id: string) => ['project', id] as const,
  licences: {
    all: () => ['licence'] as const,
    one: (id: string) => ['licence', id] as const,
    /** Below the licence's own key, so dropping the licence drops its usage too. */
    usage: (id: string, period: DayRange) => ['licence', id, 'usage', period] as const,
  },
  /** Without a period the server reports the current calendar month. */
  adminReport: (period: DayRange | null) => ['admin-report', period ?? 'current-month'] as const,
  /** The URL carries a version (`?v=N`): a given URL's picture never changes. */
  avatar: (url: string) => ['avatar', url] as const,
} as const;

/** Roots of the public catalogue: kept over a logout, everything else belonged to the user. */
export const publicQueryRoots: ReadonlySet<unknown> = new Set([
  queryKeys.services('de')[0],
  queryKeys.service('')[0],
  queryKeys.pricePackages()[0],
  queryKeys.legalPages()[0],
]);
