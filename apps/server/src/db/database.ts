import type { Generated, Kysely, Selectable, Transaction, Updateable } from 'kysely';

// Table types shared by both dialects. Portable column choices, decided once:
// - timestamps are ISO-8601 UTC text and days are 'YYYY-MM-DD' text, so they sort and compare
//   the same way in SQLite and PostgreSQL and come back as strings from both drivers;
// - flags are integers 0/1 (SQLite has no boolean type);
// - money is integer euro cents; lists and settings are JSON text.

export interface PersonTable {
  id: string;
  email: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
  salutation: 'm' | 'f' | null;
  language: 'de' | 'en';
  place: string;
  company: string;
  isAdmin: number;
  /** 1: cannot sign in, and has no sessions. */
  disabled: Generated<number>;
  /** 0: signed up or invited and has not yet proved the address (no sign-in until then). */
  verified: Generated<number>;
  avatarWebp: Buffer | null;
  avatarVersion: Generated<number>;
  /** Set by every sign-in (sessions end at logout, so they cannot tell it). */
  lastSignInAt: Generated<string | null>;
  /** Set when the account was deleted: the row is a tombstone (docs/privacy.md#deletion). */
  deletedAt: Generated<string | null>;
  createdAt: string;
  updatedAt: string;
}

export interface SessionTable {
  id: string;
  tokenHash: string;
  personId: string;
  createdAt: string;
  lastSeenAt: string;
  absoluteExpiresAt: string;
  /** The browser's user agent at sign-in, bounded (SESSION_CLIENT_LIMITS); '' when none was sent. */
  userAgent: Generated<string>;
  /** The client address at sign-in; never answered unmasked. */
  clientAddress: Generated<string>;
  /** When this session last gave the password or a second factor; null when opened by a mailed link. */
  reauthenticatedAt: Generated<string | null>;
}

/** A browser that has signed in to the person's account (the hash of its device cookie). */
export interface KnownDeviceTable {
  personId: string;
  deviceHash: string;
  createdAt: string;
  lastUsedAt: string;
}

export interface MediaTable {
  id: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
  createdAt: string;
}

export interface ServiceTable {
  id: string;
  category: string;
  nameDe: string;
  nameEn: string;
  descriptionShortDe: string;
  descriptionShortEn: string;
  descriptionDe: string;
  descriptionEn: string;
  accounting: 'request' | 'pageview' | 'monthly';
  pricePer1000Calls: number;
  monthlyFee: number;
  singlePayment: number;
  demoHref: string | null;
  dataCopyright: string | null;
  dataLastupdate: string | null;
  jsServiceCodeType: string;
  jsServiceCodeTemplate: string;
  serviceCodeBackendTemplate: string | null;
  formJson: string | null;
  logoMediaId: string | null;
  thumbnailMediaId: string | null;
  /** Set when an admin retired the service (docs/admin.md#services); null while it is on offer. */
  retiredAt: Generated<string | null>;
  /** The API reference version visitors see (docs/domain.md#api-reference); null: none published. */
  apiVersionId: Generated<string | null>;
  /** Key anyone may use for the service's example answers; made with its first API version. */
  apiDemoKey: Generated<string | null>;
  createdAt: string;
  updatedAt: string;
}

export interface ServiceApiVersionTable {
  id: string;
  serviceId: string;
  version: string;
  notesDe: string;
  notesEn: string;
  title: string;
  openapi: string;
  operations: number;
  /** The documents as uploaded (JSON or YAML text). */
  sourceDe: string;
  sourceEn: string | null;
  /** The documents as JSON with every internal $ref replaced. */
  documentDe: string;
  documentEn: string | null;
  createdAt: string;
  createdBy: string;
  /** When it was first published; null: never. */
  publishedAt: string | null;
  /** The https origins of the documents' servers, as a JSON list (the try-it panel calls them). */
  serverOrigins: Generated<string>;
}

export interface ServiceImageTable {
  id: string;
  serviceId: string;
  position: number;
  nameDe: string;
  nameEn: string;
  xsMediaId: string;
  smMediaId: string;
  mdMediaId: string;
  lgMediaId: string;
  xlgMediaId: string;
}

export interface ProjectTable {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  domainsProduction: string;
  domainsSandbox: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export interface ServiceLicenceTable {
  id: string;
  projectId: string;
  serviceId: string;
  licenceKey: string;
  online: number;
  formdata: string;
  /** Calls in a calendar month that trigger the usage alert mail; null: no alert. */
  alertMonthlyCalls: Generated<number | null>;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** A rotated key that keeps working until valid_until (docs/domain.md#licence-keys). */
export interface LicenceKeyRetiredTable {
  licenceKey: string;
  licenceId: string;
  retiredAt: string;
  validUntil: string;
}

/** One row per licence and month whose usage alert mail is queued: the claim that makes it once. */
export interface UsageAlertSentTable {
  licenceId: string;
  month: string;
  threshold: number;
  calls: number;
  sentAt: string;
}

export interface UsageDailyTable {
  licenceId: string;
  day: string;
  count: number;
}

/** Calls per licence and calendar month ('YYYY-MM'), kept from usage_daily by triggers; never written by the app. */
export interface UsageMonthlyTable {
  licenceId: string;
  month: string;
  count: number;
}

export interface PricePackageTable {
  id: string;
  nameDe: string;
  nameEn: string;
  descriptionDe: string;
  descriptionEn: string;
  imgMediaId: string | null;
  bruttoMonatlich: number;
  calls: number;
  sortOrder: number;
}

export interface LegalPageTable {
  id: string;
  internerName: string;
  titleDe: string;
  titleEn: string;
  htmlDe: string;
  htmlEn: string;
  updatedAt: string;
  /** Place in the list of legal pages (ascending). */
  sortOrder: Generated<number>;
}

export interface TranslationTable {
  namespace: string;
  id: string;
  de: string;
  en: string;
  /** 1: an operator imported this text, so the shipped one no longer replaces it at start. */
  customised: Generated<number>;
}

export interface ContactRequestTable {
  id: string;
  firstname: string;
  subname: string;
  email: string;
  message: string;
  /** A question or an offer (docs/admin.md#contact-requests). */
  topic: Generated<'question' | 'offer'>;
  /** The price package an offer was asked for, as named then; null: none. */
  packageNameDe: Generated<string | null>;
  packageNameEn: Generated<string | null>;
  termsAccepted: number;
  language: 'de' | 'en';
  createdAt: string;
  /** Where the provider's team is with it (docs/admin.md#contact-requests). */
  state: Generated<'new' | 'in_progress' | 'done'>;
  /** The team's own note; never shown to the sender. */
  note: Generated<string>;
  /** When state or note last changed. */
  updatedAt: Generated<string | null>;
  /** The outbox row of the notice to the team; null when none was queued. */
  mailId: Generated<string | null>;
  /**
   * The privacy text the sender accepted: the "datenschutz" legal page's updated_at then; null
   * when the portal had no such page, or for requests older than this record (docs/privacy.md#consent).
   */
  privacyVersion: Generated<string | null>;
  /** When the sender accepted it; null for requests older than this record. */
  privacyAcceptedAt: Generated<string | null>;
}

export type AccountTokenPurpose = 'verify' | 'reset' | 'invite';

/** A one-time token of a mailed link; the token itself is only in the mail. */
export interface AccountTokenTable {
  id: string;
  tokenHash: string;
  personId: string;
  purpose: AccountTokenPurpose;
  createdAt: string;
  expiresAt: string;
  /**
   * A confirmation link (verify) carries what its sign-up chose, and using it makes exactly that
   * the account: the password hash, and the profile as JSON (SignupProfile in the account
   * module). Null for links of other purposes.
   */
  signupPasswordHash: string | null;
  signupProfile: string | null;
  /** Tries of the password at a confirmation link, counted before each check (see verifyEmail). */
  passwordAttempts: Generated<number>;
}

export type MailState = 'queued' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: string;
  /** What caused the mail ('contact', …), for the admin's list. */
  kind: string;
  toAddress: string;
  replyTo: string | null;
  language: 'de' | 'en';
  subject: string;
  textBody: string;
  htmlBody: string;
  state: MailState;
  attempts: Generated<number>;
  lastError: string | null;
  nextAttemptAt: string;
  lockedUntil: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** A project member other than the owner (the owner is project.ownerId). */
export type MemberRole = 'editor' | 'viewer';

export interface ProjectMemberTable {
  projectId: string;
  personId: string;
  role: MemberRole;
  createdAt: string;
}

/** An invitation to a project, waiting for the invited person to accept or decline it. */
export interface ProjectInvitationTable {
  id: string;
  projectId: string;
  personId: string;
  role: MemberRole;
  invitedBy: string | null;
  createdAt: string;
}

/** One admin write (docs/admin.md#audit-log); never updated, kept at least a year. */
export interface AuditLogTable {
  id: string;
  at: string;
  actorId: string;
  /** The actor's address at the time of the change. */
  actorEmail: string;
  action: string;
  objectType: string;
  objectId: string;
  /** JSON of the object before the change; null when it was created. */
  beforeJson: string | null;
  /** JSON of the object after the change; null when it was deleted. */
  afterJson: string | null;
  requestId: string;
}

/** A person's authenticator app (TOTP); counts once confirmed. */
export interface PersonTotpTable {
  personId: string;
  /** Base32, readable: checking a code needs it (docs/security.md#two-factor-sign-in). */
  secret: string;
  createdAt: string;
  confirmedAt: string | null;
  /** The newest time step a code was accepted for; codes of it and earlier ones are refused. */
  lastTimeStep: Generated<number>;
}

/** One recovery code, kept as SHA-256 only; used once. */
export interface RecoveryCodeTable {
  id: string;
  personId: string;
  codeHash: string;
  createdAt: string;
  usedAt: string | null;
}

/** The second step of a sign-in: single use, bound to the person, short-lived. */
export interface MfaTokenTable {
  tokenHash: string;
  personId: string;
  createdAt: string;
  expiresAt: string;
}

/** One day on which the retention job ran (docs/privacy.md#retention); the row is the day's claim. */
export interface RetentionRunTable {
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  startedAt: string;
  finishedAt: string | null;
  /** Rows removed per kind, as JSON; null until the run finished. */
  deletedJson: string | null;
}

/**
 * A personal access token (docs/security.md#personal-access-tokens): SHA-256 only; deleted when
 * revoked or once expired (by the retention job; expired ones are refused before).
 */
export interface AccessTokenTable {
  id: string;
  personId: string;
  tokenHash: string;
  name: string;
  scope: 'read' | 'write';
  createdAt: string;
  expiresAt: string;
  /** Written at most once a minute. */
  lastUsedAt: string | null;
}

/** A person's billing profile (docs/billing.md#billing-profile); one per person. */
export interface BillingProfileTable {
  personId: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  vatId: string | null;
  invoiceEmail: string;
  purchaseOrderRef: string | null;
  /** Leitweg-ID (XRechnung BT-10). */
  buyerReference: string | null;
  /** 1: invoice mails carry the XML too. */
  wantsXml: number;
  updatedAt: string;
}

/** The provider's invoice data (docs/billing.md#seller-settings); a single row, id 1. */
export interface SellerSettingsTable {
  id: number;
  company: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  vatId: string | null;
  taxNumber: string | null;
  registerCourt: string | null;
  registerNumber: string | null;
  managingDirectors: string | null;
  iban: string;
  bic: string | null;
  bankName: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  paymentTermsDays: number;
  invoiceNumberFormat: string;
  senderEmail: string;
  updatedAt: string;
}

export interface WebhookEndpointTable {
  id: string;
  projectId: string;
  url: string;
  /** The subscribed event types, a JSON array. */
  eventsJson: string;
  description: string;
  enabled: number;
  /** 'failing': switched off after a day of failed deliveries; null otherwise. */
  disabledReason: 'failing' | 'creatorLeft' | null;
  /** The member who added the endpoint: it is switched off when they leave or become a viewer. */
  createdBy: string | null;
  /** `whsec_…`, stored as is (docs/security.md#webhook-secrets). */
  secret: string;
  previousSecret: string | null;
  previousSecretValidUntil: string | null;
  /** The first failed attempt since the last successful one; null while deliveries succeed. */
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryTable {
  id: string;
  endpointId: string;
  /** The webhook-id header: kept by a resend, so the receiver can drop duplicates. */
  messageId: string;
  event: string;
  /** The JSON body as sent (signed exactly as stored). */
  payload: string;
  state: WebhookDeliveryState;
  attempts: Generated<number>;
  nextAttemptAt: string;
  /** No attempt after this (24 h after the delivery was queued). */
  retryUntil: string;
  lockedUntil: string | null;
  lastAttemptAt: string | null;
  statusCode: number | null;
  durationMs: number | null;
  /** The first bytes of the answer, or why there was none. */
  response: string | null;
  createdAt: string;
}

export interface Database {
  person: PersonTable;
  session: SessionTable;
  knownDevice: KnownDeviceTable;
  media: MediaTable;
  service: ServiceTable;
  serviceApiVersion: ServiceApiVersionTable;
  serviceImage: ServiceImageTable;
  project: ProjectTable;
  serviceLicence: ServiceLicenceTable;
  usageDaily: UsageDailyTable;
  usageMonthly: UsageMonthlyTable;
  licenceKeyRetired: LicenceKeyRetiredTable;
  usageAlertSent: UsageAlertSentTable;
  pricePackage: PricePackageTable;
  legalPage: LegalPageTable;
  translation: TranslationTable;
  contactRequest: ContactRequestTable;
  mailOutbox: MailOutboxTable;
  accountToken: AccountTokenTable;
  auditLog: AuditLogTable;
  projectMember: ProjectMemberTable;
  projectInvitation: ProjectInvitationTable;
  personTotp: PersonTotpTable;
  recoveryCode: RecoveryCodeTable;
  mfaToken: MfaTokenTable;
  retentionRun: RetentionRunTable;
  accessToken: AccessTokenTable;
  billingProfile: BillingProfileTable;
  sellerSettings: SellerSettingsTable;
  webhookEndpoint: WebhookEndpointTable;
  webhookDelivery: WebhookDeliveryTable;
}

/** What repositories take: the database, or a transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>;

export type PersonRow = Selectable<PersonTable>;
export type PersonUpdate = Updateable<PersonTable>;
export type ServiceRow = Selectable<ServiceTable>;
