import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { activeAccountsAmong } from './modules/person/person-admin.service.js';
import { DEMO_ACCOUNTS } from './seed/demo-seed.js';

// NODE_ENV=production refuses to start rather than run half set up: it must know where to
// listen and where its users reach it, and no account with a published password may sign in.

/** Why the configuration is not fit for production, or undefined. */
export function productionConfigProblem(config: Config): string | undefined {
  if (!config.production) return undefined;
  if (!config.hostGiven) {
    return 'NODE_ENV=production needs HOST, the address to listen on (0.0.0.0 in a container)';
  }
  if (!config.publicUrl) {
    return 'NODE_ENV=production needs PUBLIC_URL, the address users reach the portal at (links in mails)';
  }
  if (config.webhook.allowPrivate) {
    return 'NODE_ENV=production refuses WEBHOOK_ALLOW_PRIVATE: webhooks must not reach private or loopback addresses';
  }
  return undefined;
}

/** Why the database is not fit for production (a demo account can still sign in), or undefined. */
export async function productionDatabaseProblem(db: Db, config: Config): Promise<string | undefined> {
  if (!config.production) return undefined;
  const [demo] = await activeAccountsAmong(
    db,
    DEMO_ACCOUNTS.map((a) => a.email),
  );
  if (!demo) return undefined;
  return `demo account ${demo} exists and can sign in: disable it with portal user:disable --email ${demo}`;
}
