import { slugId } from '@/lib/format';

// Every route of the app. `routePaths` are the patterns the router declares; `paths` build the
// links. Nothing else in the app writes a route path by hand.

export const routePaths = {
  home: '/',
  services: '/services',
  service: '/services/:slugId',
  serviceApi: '/services/:slugId/api',
  projects: '/projects',
  project: '/projects/:projectSlugId',
  /** Child of `project`, relative. */
  licence: ':licenceSlugId',
  price: '/price',
  profile: '/profile',
  legal: '/rechtliches/:id',
  admin: '/admin',
  /** Admin areas: children of `admin` (docs/admin.md#the-console). */
  adminCustomers: '/admin/customers',
  adminCustomer: '/admin/customers/:id',
  adminServices: '/admin/services',
  adminServiceNew: '/admin/services/new',
  adminService: '/admin/services/:id',
  adminPrices: '/admin/prices',
  adminLegal: '/admin/legal',
  adminTexts: '/admin/texts',
  adminContact: '/admin/contact',
  adminAudit: '/admin/audit',
  adminBilling: '/admin/billing',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  /** The server's mails link here (with ?token=…); keep the two in step. */
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  notFound: '/404',
} as const;

/** The internal names of the legal pages the footer links to. */
export const legalPages = ['impressum', 'datenschutz', 'agb'] as const;
export type LegalPageName = (typeof legalPages)[number];

export const paths = {
  home: () => '/',
  services: () => '/services',
  /** `name` in the current language. */
  service: (name: string, id: string) => `/services/${slugId(name, id)}`,
  /** The service's API reference; `name` in the current language. */
  serviceApi: (name: string, id: string) => `/services/${slugId(name, id)}/api`,
  projects: () => '/projects',
  project: (name: string, id: string) => `/projects/${slugId(name, id)}`,
  licence: (project: { name: string; id: string }, serviceName: string, licenceId: string) =>
    `/projects/${slugId(project.name, project.id)}/${slugId(serviceName, licenceId)}`,
  price: () => '/price',
  profile: () => '/profile',
  /** The profile's two-factor section, telling an admin that the console needs it. */
  profileTwoFactorRequired: () => '/profile?mfa=required#two-factor',
  /** The profile's billing details card (asked for before a paid service is added). */
  profileBilling: () => '/profile#billing',
  legal: (internerName: string) => `/rechtliches/${encodeURIComponent(internerName)}`,
  admin: () => '/admin',
  adminCustomers: () => '/admin/customers',
  adminCustomer: (id: string) => `/admin/customers/${encodeURIComponent(id)}`,
  adminServices: () => '/admin/services',
  adminServiceNew: () => '/admin/services/new',
  adminService: (id: string) => `/admin/services/${encodeURIComponent(id)}`,
  adminPrices: () => '/admin/prices',
  adminLegal: () => '/admin/legal',
  adminTexts: () => '/admin/texts',
  adminContact: () => '/admin/contact',
  adminAudit: () => '/admin/audit',
  adminBilling: () => '/admin/billing',
  signup: () => '/signup',
  forgotPassword: () => '/forgot-password',
  notFound: () => '/404',
} as const;
