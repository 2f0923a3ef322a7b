import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration from the environment', () => {
  it('has working defaults for the embedded start', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBe('sqlite:./data/portal.sqlite');
    expect(config.production).toBe(false);
    expect(config.demo).toBeUndefined();
    expect(config.retention).toEqual({ unverifiedDays: 30, contactMonths: 24, mailMonths: 12, job: true });
  });

  it('reads the retention periods (docs/privacy.md#retention)', () => {
    const config = loadConfig({
      RETENTION_UNVERIFIED_DAYS: '14',
      RETENTION_CONTACT_MONTHS: '6',
      RETENTION_MAIL_MONTHS: '3',
      RETENTION_JOB: '0',
    });
    expect(config.retention).toEqual({ unverifiedDays: 14, contactMonths: 6, mailMonths: 3, job: false });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV'],
    [{ PORTAL_DEMO: 'yes' }, 'PORTAL_DEMO'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ USAGE_INGEST_TOKEN: 'short' }, 'USAGE_INGEST_TOKEN'],
    [{ CONTACT_TO: 'not-an-email' }, 'CONTACT_TO'],
    [{ USAGE_INGEST_TOKEN: `${'a'.repeat(32)},short` }, 'USAGE_INGEST_TOKEN'],
    [{ PUBLIC_URL: 'portal.example.com' }, 'PUBLIC_URL'],
    [{ MAIL_FROM: 'Portal <not-an-address>' }, 'MAIL_FROM'],
    [{ SMTP_URL: 'smtp://127.0.0.1:25' }, 'MAIL_FROM'],
    [{ RETENTION_UNVERIFIED_DAYS: '1' }, 'RETENTION_UNVERIFIED_DAYS'],
    [{ RETENTION_UNVERIFIED_DAYS: 'thirty' }, 'RETENTION_UNVERIFIED_DAYS'],
    [{ RETENTION_CONTACT_MONTHS: '0' }, 'RETENTION_CONTACT_MONTHS'],
    [{ RETENTION_CONTACT_MONTHS: '2.5' }, 'RETENTION_CONTACT_MONTHS'],
    [{ RETENTION_JOB: 'maybe' }, 'RETENTION_JOB'],
  ])('stops on %o with a line naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it('takes a relative WEB_DIST from the folder the server was started in', () => {
    // The static file server only takes absolute folders; a relative one used to stop the start.
    expect(loadConfig({ WEB_DIST: 'apps/web/dist' }).webDist).toBe(join(process.cwd(), 'apps/web/dist'));
    expect(loadConfig({ WEB_DIST: '/srv/portal/web' }).webDist).toBe('/srv/portal/web');
  });

  it('refuses demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_DEMO: '1' })).toThrow(/PORTAL_DEMO/);
  });

  it('reads several ingest tokens, the sender and the public address', () => {
    const config = loadConfig({
      USAGE_INGEST_TOKEN: `${'a'.repeat(32)}, ${'b'.repeat(32)}`,
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'Portal <portal@example.com>',
      PUBLIC_URL: 'https://portal.example.com/',
    });
    expect(config.usageIngestTokens).toEqual(['a'.repeat(32), 'b'.repeat(32)]);
    expect(config.mailFrom).toBe('Portal <portal@example.com>');
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.hostGiven).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '' }).port).toBe(3000);
  });
});
