import type { Period } from './days';

// The query keys only signed-in screens and the admin console use, beside query-keys.ts (whose
// rules they follow): a module of their own, so that only lazy chunks carry them
// (docs/performance.md#first-load-javascript).

export const projectKeys = {
  lists: () => ['projects'] as const,
  list: (userOid: string) => ['projects', userOid] as const,
  one: (id: string) => ['project', id] as const,
  /** Its owner, members and pending invitations. */
  members: (id: string) => ['project', id, 'members'] as const,
  /** The project's costs of every period: out of date whenever its licences change. */
  allCosts: (id: string) => ['project', id, 'costs'] as const,
  /** The project's costs of a period (its licences' usage and the prices make them). */
  costs: (id: string, period: Period) => ['project', id, 'costs', period] as const,
};

/** A project's webhook endpoints and their delivery logs. */
export const webhookKeys = {
  list: (projectId: string) => ['project', projectId, 'webhooks'] as const,
  deliveries: (projectId: string, wid: string, page: number) =>
    ['project', projectId, 'webhooks', wid, 'deliveries', page] as const,
};

/** The signed-in person's pending invitations to shared projects. */
export const invitationKeys = {
  all: () => ['invitations'] as const,
  list: (userOid: string) => ['invitations', userOid] as const,
};

/** The signed-in person's own sessions (the profile lists them). */
export const ownSessionKeys = {
  list: (userOid: string) => ['own-sessions', userOid] as const,
};

/** The signed-in person's personal access tokens (the profile lists them). */
export const accessTokenKeys = {
  list: (userOid: string) => ['access-tokens', userOid] as const,
};

export const licenceKeys = {
  one: (id: string) => ['licence', id] as const,
  usage: (id: string, period: Period) => ['licence', id, 'usage', period] as const,
};

export const adminReportKeys = {
  /** Without a period the server reports the current calendar month. */
  period: (period: Period | null) => ['admin-report', period ?? 'current-month'] as const,
};

/** Admin console: customers; `all` matches every list and person (refetched after a change). */
export const adminPersonKeys = {
  all: () => ['admin-person'] as const,
  list: (query: { q: string; page: number }) => ['admin-person', 'list', query] as const,
  one: (id: string) => ['admin-person', 'one', id] as const,
};

export const adminAuditKeys = {
  all: () => ['admin-audit'] as const,
  list: (filter: { from: string; to: string; actor: string; type: string; page: number }) =>
    ['admin-audit', filter] as const,
};

/** The admin console's price packages, legal pages, texts and contact requests. */
export const adminContentKeys = {
  prices: () => ['admin-content', 'price-packages'] as const,
  legal: () => ['admin-content', 'legal-pages'] as const,
  textLists: () => ['admin-content', 'texts'] as const,
  texts: (query: { namespace: string; q: string; missing: boolean; page: number }) =>
    ['admin-content', 'texts', query] as const,
  contactLists: () => ['admin-content', 'contact-requests'] as const,
  contact: (query: { state: string; page: number }) => ['admin-content', 'contact-requests', query] as const,
};

/** Admin console: services; `lists` matches every page of the list. */
export const adminServiceKeys = {
  lists: () => ['admin-service', 'list'] as const,
  list: (query: { q: string; page: number }) => ['admin-service', 'list', query] as const,
  one: (id: string) => ['admin-service', 'one', id] as const,
  /** The API reference versions of a service. */
  api: (id: string) => ['admin-service', 'api', id] as const,
};

export const avatarKeys = {
  /** The URL carries a version (`?v=N`): a given URL's picture never changes. */
  one: (url: string) => ['avatar', url] as const,
};

/** The signed-in person's second factors. */
export const mfaKeys = {
  status: (oid: string) => ['mfa', oid] as const,
};

/** Billing data: a person's billing profile (their own, or a customer's in the console) and the seller settings. */
export const billingKeys = {
  profile: (oid: string) => ['billing-profile', oid] as const,
  sellerSettings: () => ['seller-settings'] as const,
};
