// Every path of the REST API the web app calls, built here (those only code loaded on demand
// calls in rest-paths-signed-in.ts and rest-paths-on-demand.ts, so that the first-load chunk
// carries none of those) and nowhere else:
// each part is encoded once, and a renamed endpoint is one change. The server's routes are the
// other side.

/** '/rest/collection/…' with every part URL-encoded (ids come from addresses and answers). */
export const collection = (...parts: string[]) =>
  `/rest/collection/${parts.map(encodeURIComponent).join('/')}`;

export const publicConfigPath = () => '/rest/config';

export const translationsPath = () => collection('translation');

export const servicePaths = {
  list: () => collection('service'),
  one: (serviceId: string) => collection('service', serviceId),
  /** The published API reference (docs/domain.md#api-reference). */
  api: (serviceId: string) => collection('service', serviceId, 'api'),
};

export const personPaths = {
  one: (oid: string) => collection('person', oid),
  projects: (oid: string) => collection('person', oid, 'project'),
  password: (oid: string) => collection('person', oid, 'password'),
  avatar: (oid: string) => collection('person', oid, 'avatar'),
  /** GET: the person's data as a ZIP (docs/privacy.md#export). */
  export: (oid: string) => collection('person', oid, 'export'),
};
