// Every path of the REST API the web app calls, built here (the signed-in screens' own in
// rest-paths-signed-in.ts, so that the first-load chunk carries none of those) and nowhere else:
// each part is encoded once, and a renamed endpoint is one change. The server's routes are the
// other side.

/** '/rest/collection/…' with every part URL-encoded (ids come from addresses and answers). */
export const collection = (...parts: string[]) =>
  `/rest/collection/${parts.map(encodeURIComponent).join('/')}`;

export const authPaths = {
  login: () => '/rest/auth',
  logout: () => '/rest/logout',
};

export const accountPaths = {
  signup: () => '/rest/signup',
  verify: () => '/rest/auth/verify',
  resendVerification: () => '/rest/auth/verify/resend',
  forgotPassword: () => '/rest/password/forgot',
  resetPassword: () => '/rest/password/reset',
};

export const publicConfigPath = () => '/rest/config';

export const translationsPath = () => collection('translation');

export const servicePaths = {
  list: () => collection('service'),
  one: (serviceId: string) => collection('service', serviceId),
};

export const pricePackagesPath = () => collection('price_package');

export const legalPagesPath = () => collection('rechtliches');

export const contactPath = () => collection('contactform', 'send');

export const personPaths = {
  one: (oid: string) => collection('person', oid),
  projects: (oid: string) => collection('person', oid, 'project'),
  password: (oid: string) => collection('person', oid, 'password'),
  avatar: (oid: string) => collection('person', oid, 'avatar'),
};
