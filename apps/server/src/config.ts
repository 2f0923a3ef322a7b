import { z } from 'zod';

// Every setting the server reads comes from the environment and is checked here once, at start,
// so that a typo stops the process with one clear line instead of failing on the first request.

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
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
  USAGE_INGEST_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  production: boolean;
  /** undefined: decide by database (seed a new embedded database outside production). */
  demo: boolean | undefined;
  redisUrl: string | undefined;
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  smtpUrl: string | undefined;
  contactTo: string | undefined;
  usageIngestToken: string | undefined;
  /** Folder of the built web app; unset in tests that only talk to /rest/. */
  webDist: string | undefined;
  logLevel: Env['LOG_LEVEL'];
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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    production,
    demo: e.PORTAL_DEMO,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL,
    contactTo: e.CONTACT_TO,
    usageIngestToken: e.USAGE_INGEST_TOKEN,
    webDist: e.WEB_DIST ?? defaults.webDist,
    logLevel: e.LOG_LEVEL,
  };
}
