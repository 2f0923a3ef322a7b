import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { prepareDatabase } from './prepare-database.js';

// `npm run seed`: migrate and fill demo content into the database of DATABASE_URL, also on
// PostgreSQL (where the server never seeds by itself). Refused when NODE_ENV=production.
const config = loadConfig({ ...process.env, PORTAL_DEMO: process.env.NODE_ENV === 'production' ? '0' : '1' });
if (config.production) {
  process.stderr.write('Seed refused: NODE_ENV=production never gets demo data\n');
  process.exit(1);
}
const handle = openDatabase(config.databaseUrl);
try {
  await prepareDatabase(handle.db, { dialect: handle.dialect, production: false, demo: true, log: console.log });
  console.log(`Demo data is in ${handle.location}`);
} finally {
  await handle.close();
}
