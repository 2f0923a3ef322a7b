// The REST paths that only screens and dialogs loaded on demand call outside the signed-in area
// (login and logout, the account pages, the price list, the legal pages, the contact form),
// beside rest-paths.ts (whose rules they follow): a module of their own, so that only lazy
// chunks carry them (docs/performance.md#first-load-javascript).
import { collection } from './rest-paths';

export const authPaths = {
  login: () => '/rest/auth',
  /** The second step of a sign-in with a second factor. */
  mfa: () => '/rest/auth/mfa',
  logout: () => '/rest/logout',
};

export const accountPaths = {
  signup: () => '/rest/signup',
  verify: () => '/rest/auth/verify',
  resendVerification: () => '/rest/auth/verify/resend',
  forgotPassword: () => '/rest/password/forgot',
  resetPassword: () => '/rest/password/reset',
};

export const pricePackagesPath = () => collection('price_package');

export const legalPagesPath = () => collection('rechtliches');

export const contactPath = () => collection('contactform', 'send');
