// The server's and the build's native parts, loaded and used once under the running Node:
// better-sqlite3 (compiled against this Node's headers at install), @node-rs/argon2 and sharp
// (prebuilt per platform, Node-API), esbuild (a binary of its own). A part built for another
// Node fails here with its own message (NODE_MODULE_VERSION …) instead of deep inside a test.
//
//   node .ci/native-addons.mjs          (from the checkout's root, after npm ci)
import { createRequire } from 'node:module';

// Resolved as the server resolves them.
const require = createRequire(new URL('../apps/server/package.json', import.meta.url));

const Database = require('better-sqlite3');
const db = new Database(':memory:');
db.exec('create table t (n integer); insert into t values (1), (2), (3)');
const { version, total } = db.prepare('select sqlite_version() as version, sum(n) as total from t').get();
db.close();
if (total !== 6) throw new Error(`better-sqlite3: sum was ${total}`);
console.log(
  `native: better-sqlite3 ${require('better-sqlite3/package.json').version} opens a database (SQLite ${version}) under Node ${process.version} (modules ABI ${process.versions.modules})`,
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
