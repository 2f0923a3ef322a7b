// Every import of what the app loads on first use (screens, dialogs, menus, the toaster), in a
// chunk of its own that load-on-demand.ts loads with the first of them: each import() here
// carries the bundler's list of the chunks it needs, so they load in parallel, and none of those
// lists is part of the first-load JavaScript (docs/performance.md#first-load-javascript).

export const catalogueDetail = () => import('@/features/catalogue/routes/service-detail');
export const apiReference = () => import('@/features/catalogue/routes/api-reference');
export const projectsOverview = () => import('@/features/projects/routes/projects-overview');
export const projectDetail = () => import('@/features/projects/routes/project-detail');
export const projectMain = () => import('@/features/projects/routes/project-main');
export const licenceDetail = () => import('@/features/licences/routes/licence-detail');
export const priceOverview = () => import('@/features/prices/routes/price-overview');
export const profile = () => import('@/features/profile/routes/profile');
export const legalPage = () => import('@/features/legal/routes/legal-page');
export const adminShell = () => import('@/features/admin/routes/admin-shell');
export const adminReport = () => import('@/features/admin/routes/admin-report');
export const adminCustomers = () => import('@/features/admin/routes/admin-customers');
export const adminCustomer = () => import('@/features/admin/routes/admin-customer');
export const adminAudit = () => import('@/features/admin/routes/admin-audit');
export const adminServices = () => import('@/features/admin/routes/admin-services');
export const adminServiceEdit = () => import('@/features/admin/routes/admin-service-edit');
export const adminPrices = () => import('@/features/admin/routes/admin-prices');
export const adminLegal = () => import('@/features/admin/routes/admin-legal');
export const adminTexts = () => import('@/features/admin/routes/admin-texts');
export const adminContact = () => import('@/features/admin/routes/admin-contact');
export const adminBilling = () => import('@/features/admin/routes/admin-billing');
export const signup = () => import('@/features/account/routes/signup');
export const forgotPassword = () => import('@/features/account/routes/forgot-password');
export const verifyEmail = () => import('@/features/account/routes/verify-email');
export const resetPassword = () => import('@/features/account/routes/reset-password');
export const notFound = () => import('@/features/not-found/routes/not-found');

export const loginDialog = () => import('@/features/auth/components/login-dialog');
export const contactDialog = () => import('@/features/contact/components/contact-dialog');
export const mobileMenu = () => import('./layout/mobile-menu');
export const profileMenu = () => import('./layout/profile-menu');
export const appToaster = () => import('./layout/app-toaster');
