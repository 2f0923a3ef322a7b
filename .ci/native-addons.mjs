// The server's and the build's native parts, loaded and used once under the running Node:
// SQLite's driver the server picks for this Node (apps/server/src/db/sqlite-driver.ts:
// better-sqlite3 13, prebuilt on Node-API 10, from Node 22.14; 12, compiled against this Node's
// headers at install, before), @node-rs/argon2 and sharp (prebuilt per platform, Node-API),
// esbuild (a binary of its own). A part built for another Node fails here with its own message
// (NODE_MODULE_VERSION …) instead of deep inside a test.
//
//   node .ci/native-addons.mjs          (from the checkout's root, after npm ci)
import { createRequire } from 'node:module';

// Resolved as the server resolves them.
const require = createRequire(new URL('../apps/server/package.json', import.meta.url));

// The rule of sqlite-driver.ts (this script runs without TypeScript).
const driver = Number(process.versions.napi) >= 10 ? 'better-sqlite3-node-api' : 'better-sqlite3';
const Database = require(driver);
const db = new Database(':memory:');
db.exec('create table t (n integer); insert into t values (1), (2), (3)');
// Many statements, then a collection: the statements' destructors run (where 12 built for
// Node 24.19 or later aborts the process).
for (let i = 0; i < 2000; i++) db.prepare(`select ${i} + sum(n) from t`).get();
globalThis.gc?.();
const { version, total } = db.prepare('select sqlite_version() as version, sum(n) as total from t').get();
db.close();
if (total !== 6) throw new Error(`${driver}: sum was ${total}`);
console.log(
  `native: ${driver} (better-sqlite3 ${require(`${driver}/package.json`).version}) opens a database (SQLite ${version}) under Node ${process.version} (Node-API ${process.versions.napi}, modules ABI ${process.versions.modules})`,
);

const argon2 = require('@node-rs/argon2');
const hash = await argon2.hash('smoke', { memoryCost: 1024, timeCost: 1 });
if (!(await argon2.verify(hash, 'smoke'))) throw new Error('@node-rs/argon2: verify failed');
console.log('native: @node-rs/argon2 hashes and verifies');

const { default: sharp } = await import(require.resolve('sharp'));
const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();
const { width } = await sharp(png).metadata();
if (width !== 4) throw new Error(`sharp: width ${width}`);
console.log(`native: sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}) encodes and reads a PNG`);

const esbuild = require('esbuild');
const { code } = await esbuild.transform('const n: number = 1; export { n };', { loader: 'ts' });
if (!code.includes('const n = 1')) throw new Error(`esbuild: ${code}`);
console.log(`native: esbuild ${esbuild.version} transforms TypeScript`);
