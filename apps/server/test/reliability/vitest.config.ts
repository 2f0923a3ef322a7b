import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The reliability suite (docs/reliability.md): `npm run test:reliability:quick` (part of npm test)
// and `npm run test:reliability` (RELIABILITY=long). Every part runs once per database dialect,
// one file at a time: they load the machine and measure time, so nothing may run beside them.
// PostgreSQL is required here (the suite's promise covers both dialects).
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const long = process.env.RELIABILITY === 'long';

const part = {
  include: ['apps/server/test/reliability/*.test.ts'],
  // Each part sets its own, tighter limit; this only stops a part that forgot to.
  testTimeout: long ? 20 * 60_000 : 120_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  root,
  test: {
    fileParallelism: false,
    maxWorkers: 1,
    projects: [
      { test: { ...part, name: 'reliability-sqlite', env: { TEST_DIALECT: 'sqlite' } } },
      {
        test: {
          ...part,
          name: 'reliability-postgres',
          env: { TEST_DIALECT: 'postgres', TEST_DATABASE_URL: postgresUrl },
        },
      },
    ],
  },
});
