// `npm run dev`: the API under `tsx watch` on port 3001 and the Vite dev server on 3000, which
// proxies /rest/ to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Same database file as `npm start` (the server runs inside apps/server here).
const defaultDatabase = `sqlite:${fileURLToPath(new URL('../data/portal.sqlite', import.meta.url))}`;

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    stdio: 'inherit',
    env: { DATABASE_URL: defaultDatabase, ...process.env, PORT: process.env.API_PORT ?? '3001' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => (code ? (stop(), process.exit(code)) : undefined));
