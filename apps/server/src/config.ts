import { resolve } from 'node:path';
import { z } from 'zod';

// Every setting the server reads comes from the environment and is checked here once, at start,
// so that a typo stops the process with one clear line instead of failing on the first request.

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** Retention periods unless the environment says otherwise (docs/privacy.md#retention). */
const RETENTION_DEFAULTS = { unverifiedDays: 30, contactMonths: 24, mailMonths: 12 } as const;

/** Where the server listens unless HOST says otherwise (production insists on an explicit HOST). */
const DEFAULT_HOST = '127.0.0.1';

/** `name@example.com` or `Portal <name@example.com>`. */
const mailbox = z.string().refine((v) => z.email().safeParse(/<([^<>]+)>$/.exec(v)?.[1] ?? v).success, {
  message: 'must be an e-mail address or Name <address>',
});

// Several tokens, comma-separated, so a new one can be rolled out before the old one is removed.
const ingestTokens = z
  .string()
  .transform((v) => v.split(',').map((t) => t.trim()).filter((t) => t !== ''))
  .pipe(z.array(z.string().min(32, 'each token must be at least 32 characters')).min(1).max(10));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/portal.sqlite')
    .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), {
      message: 'must start with sqlite: or postgres://',
    }),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORTAL_DEMO: booleanFlag.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  CONTACT_TO: z.email().optional(),
  MAIL_FROM: mailbox.optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  USAGE_INGEST_TOKEN: ingestTokens.optional(),
  SIGNUP: z.enum(['open', 'invite']).default('open'),
  ADMIN_MFA: z.enum(['required', 'optional']).optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MOCK_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  // Retention periods (docs/privacy.md#retention). The lower bounds keep a typo from deleting what
  // is still in use: a sign-up's confirmation link lives a day, a contact request needs answering.
  RETENTION_UNVERIFIED_DAYS: z.coerce.number().int().min(2).max(3650).default(RETENTION_DEFAULTS.unverifiedDays),
  RETENTION_CONTACT_MONTHS: z.coerce.number().int().min(1).max(120).default(RETENTION_DEFAULTS.contactMonths),
  RETENTION_MAIL_MONTHS: z.coerce.number().int().min(1).max(120).default(RETENTION_DEFAULTS.mailMonths),
  RETENTION_JOB: booleanFlag.default(true),
  // Webhooks (docs/webhooks.md#operators). ALLOW_PRIVATE lets deliveries reach private and
  // loopback addresses (tests and development only; production refuses to start with it).
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(10_000),
  WEBHOOK_WORKER: booleanFlag.default(true),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  /** Whether HOST was set (production refuses to guess where to listen). */
  hostGiven: boolean;
  databaseUrl: string;
  environment: Env['NODE_ENV'];
  production: boolean;
  /** undefined: decide by database (seed a new embedded database outside production). */
  demo: boolean | undefined;
  redisUrl: string | undefined;
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  smtpUrl: string | undefined;
  /** Sender of every mail; set whenever smtpUrl is. */
  mailFrom: string | undefined;
  contactTo: string | undefined;
  /** Address of the portal as its users reach it (links in mails), without a trailing slash. */
  publicUrl: string | undefined;
  /** open: anyone may sign up; invite: accounts come from invitations only. */
  signup: Env['SIGNUP'];
  /**
   * required: admin routes answer 403 mfaRequired to an admin without a second factor
   * (docs/security.md#two-factor-sign-in). Defaults to required when NODE_ENV=production.
   */
  adminMfa: 'required' | 'optional';
  /** Accepted bearer tokens of the usage calls; empty: the calls are closed. */
  usageIngestTokens: string[];
  /** Folder of the built web app; unset in tests that only talk to /rest/. */
  webDist: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Example answers per minute and client address (five times that per key): docs/security.md#example-answers. */
  mockRateLimit: number;
  /** How long personal data without a purpose left is kept (docs/privacy.md#retention). */
  retention: {
    /** Days after its last sign-up attempt an unconfirmed sign-up is deleted. */
    unverifiedDays: number;
    /** Months after it arrived a contact request is deleted. */
    contactMonths: number;
    /** Months a sent or given-up mail's row (recipient, subject, state) stays in the outbox. */
    mailMonths: number;
    /** Whether this instance runs the daily job (the claim in the database keeps it to one a day). */
    job: boolean;
  };
  /** Webhook deliveries (docs/webhooks.md#operators). */
  webhook: {
    /** Deliver to private, loopback and link-local addresses too (never in production). */
    allowPrivate: boolean;
    /** How long one delivery may take, connecting and answering together. */
    timeoutMs: number;
    /** Whether this instance runs a delivery worker (the claim in the database keeps each delivery to one). */
    worker: boolean;
  };
}

export class ConfigError extends Error {}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value); // trust this many proxies in front of us
    return (_address, hop) => hop < hops;
  }
  return value; // comma-separated addresses or CIDR ranges
}

/** Reads the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv, defaults: { webDist?: string } = {}): Config {
  // Empty strings count as unset, as most operators expect from `FOO= npm start`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && e.PORTAL_DEMO === true) {
    throw new ConfigError('Invalid environment variable PORTAL_DEMO: demo data is refused when NODE_ENV=production');
  }
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new ConfigError('Invalid environment variable MAIL_FROM: required when SMTP_URL is set');
  }
  return {
    port: e.PORT,
    host: e.HOST ?? DEFAULT_HOST,
    hostGiven: e.HOST !== undefined,
    databaseUrl: e.DATABASE_URL,
    environment: e.NODE_ENV,
    production,
    demo: e.PORTAL_DEMO,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactTo: e.CONTACT_TO,
    publicUrl: e.PUBLIC_URL,
    signup: e.SIGNUP,
    adminMfa: e.ADMIN_MFA ?? (production ? 'required' : 'optional'),
    usageIngestTokens: e.USAGE_INGEST_TOKEN ?? [],
    // A relative folder is taken from where the server was started, as a shell would.
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : defaults.webDist,
    logLevel: e.LOG_LEVEL,
    mockRateLimit: e.MOCK_RATE_LIMIT,
    retention: {
      unverifiedDays: e.RETENTION_UNVERIFIED_DAYS,
      contactMonths: e.RETENTION_CONTACT_MONTHS,
      mailMonths: e.RETENTION_MAIL_MONTHS,
      job: e.RETENTION_JOB,
    },
    webhook: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      worker: e.WEBHOOK_WORKER,
    },
  };
}
