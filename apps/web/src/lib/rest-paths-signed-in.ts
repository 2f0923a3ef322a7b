// The REST paths only signed-in screens and the admin console call, beside rest-paths.ts (whose
// rules they follow): a module of their own, so that only lazy chunks carry them
// (docs/performance.md#first-load-javascript).
import { collection } from './rest-paths';

export const projectPaths = {
  create: () => collection('project'),
  one: (projectId: string) => collection('project', projectId),
  /** PUT with a service id adds the service; DELETE with a licence id removes the licence. */
  licence: (projectId: string, serviceOrLicenceId: string) =>
    collection('project', projectId, 'service_licence', serviceOrLicenceId),
  /** GET the members and invitations, POST an invitation. */
  members: (projectId: string) => collection('project', projectId, 'member'),
  /** PATCH a role (owner hands over), DELETE removes or leaves. */
  member: (projectId: string, personId: string) => collection('project', projectId, 'member', personId),
  /** POST sends a pending invitation again. */
  memberResend: (projectId: string, personId: string) =>
    collection('project', projectId, 'member', personId, 'resend'),
  /** Calls per licence and day (?from&to&format=csv). */
  usage: (projectId: string) => collection('project', projectId, 'usage'),
  /** The admin report's figures for this project, per licence (?from&to). */
  costs: (projectId: string) => collection('project', projectId, 'costs'),
};

/** A project's webhooks (docs/webhooks.md). */
export const webhookPaths = {
  /** GET lists the endpoints, POST adds one. */
  list: (projectId: string) => collection('project', projectId, 'webhook'),
  /** GET, PATCH, DELETE one endpoint. */
  one: (projectId: string, wid: string) => collection('project', projectId, 'webhook', wid),
  /** POST queues the test event. */
  test: (projectId: string, wid: string) => collection('project', projectId, 'webhook', wid, 'test'),
  /** POST rotates the signing secret. */
  secret: (projectId: string, wid: string) => collection('project', projectId, 'webhook', wid, 'secret'),
  /** GET the delivery log (?page&pageSize). */
  deliveries: (projectId: string, wid: string) => collection('project', projectId, 'webhook', wid, 'delivery'),
  /** POST sends a logged message again. */
  resend: (projectId: string, wid: string, did: string) =>
    collection('project', projectId, 'webhook', wid, 'delivery', did, 'resend'),
};

/** Invitations to shared projects (docs/domain.md#ownership). */
export const invitationPaths = {
  ofPerson: (oid: string) => collection('person', oid, 'invitation'),
  accept: (id: string) => collection('invitation', id, 'accept'),
  decline: (id: string) => collection('invitation', id, 'decline'),
};

/** The signed-in person's own sessions (docs/security.md#own-sessions). */
export const ownSessionPaths = {
  /** GET lists them; DELETE ends every one but this. */
  list: (oid: string) => collection('person', oid, 'session'),
  /** DELETE ends that session. */
  one: (oid: string, sessionId: string) => collection('person', oid, 'session', sessionId),
};

/** The signed-in person's personal access tokens (docs/security.md#personal-access-tokens). */
export const accessTokenPaths = {
  /** GET lists them; POST makes one (the answer is the only time the token shows). */
  list: (oid: string) => collection('person', oid, 'token'),
  /** DELETE revokes that token. */
  one: (oid: string, tokenId: string) => collection('person', oid, 'token', tokenId),
};

export const licencePath = (licenceId: string) => collection('service_licence', licenceId);

export const licenceToolPaths = {
  /** POST issues a new key; the replaced one keeps working for 24 hours. */
  key: (licenceId: string) => collection('service_licence', licenceId, 'key'),
  /** Calls per day (?from&to&format=csv). */
  usage: (licenceId: string) => collection('service_licence', licenceId, 'usage'),
};

export const adminReportPath = () => collection('admin', 'projects');

/** The admin console's content areas; a text's id is its `Namespace.id` key. */
export const adminContentPaths = {
  pricePackages: () => collection('admin', 'price_package'),
  pricePackage: (id: string) => collection('admin', 'price_package', id),
  legalPages: () => collection('admin', 'rechtliches'),
  legalPage: (id: string) => collection('admin', 'rechtliches', id),
  texts: () => collection('admin', 'translation'),
  text: (key: string) => collection('admin', 'translation', key),
  contactRequests: () => collection('admin', 'contact_request'),
  contactRequest: (id: string) => collection('admin', 'contact_request', id),
};

/** Admin console: customers (docs/admin.md#customers). */
export const adminPersonPaths = {
  list: () => collection('admin', 'person'),
  one: (id: string) => collection('admin', 'person', id),
  passwordReset: (id: string) => collection('admin', 'person', id, 'password-reset'),
  /** GET: the customer's data export as a ZIP (audited). */
  export: (id: string) => collection('admin', 'person', id, 'export'),
};

export const adminAuditPath = () => collection('admin', 'audit');

/** Admin console: services (docs/admin.md#services). */
export const adminServicePaths = {
  list: () => collection('admin', 'service'),
  one: (id: string) => collection('admin', 'service', id),
  gallery: (id: string) => collection('admin', 'service', id, 'gallery'),
  image: (id: string, imageId: string) => collection('admin', 'service', id, 'gallery', imageId),
  /** API reference versions (docs/admin.md#api-reference). */
  api: (id: string) => collection('admin', 'service', id, 'api'),
  apiVersion: (id: string, versionId: string) => collection('admin', 'service', id, 'api', versionId),
  apiPublish: (id: string, versionId: string) =>
    collection('admin', 'service', id, 'api', versionId, 'publish'),
  apiCompare: (id: string, versionId: string) =>
    collection('admin', 'service', id, 'api', versionId, 'compare'),
};

/** The person's second factors (docs/security.md#two-factor-sign-in). */
export const mfaPaths = {
  /** GET whether the authenticator app is on. */
  status: (oid: string) => collection('person', oid, 'mfa'),
  /** POST starts the authenticator app, DELETE turns it off. */
  totp: (oid: string) => collection('person', oid, 'mfa', 'totp'),
  confirm: (oid: string) => collection('person', oid, 'mfa', 'totp', 'confirm'),
  recoveryCodes: (oid: string) => collection('person', oid, 'mfa', 'recovery-codes'),
};

/** Billing data (docs/billing.md): a person's billing profile, the admin's seller settings. */
export const billingPaths = {
  /** GET answers null while there is none; PUT writes it whole. */
  profile: (oid: string) => collection('person', oid, 'billing'),
  sellerSettings: () => collection('admin', 'billing-settings'),
};
