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
  ])('stops on %o with a line naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it('refuses demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_DEMO: '1' })).toThrow(/PORTAL_DEMO/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '' }).port).toBe(3000);
  });
});
