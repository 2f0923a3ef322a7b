import { Socket } from 'node:net';
import { defineConfig } from 'vitest/config';

// One run, several projects: the contract, the server once per database dialect, and the web
// unit layer. Server tests are named "server-sqlite" / "server-postgres" in the output.
// The PostgreSQL pass runs when TEST_DATABASE_URL is set (CI sets it) or the default server
// answers; otherwise it is left out with a note, so a laptop without PostgreSQL can still test.
const defaultPostgres = 'postgres://postgres@127.0.0.1:5432/test';

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
    socket.connect(port, host);
  });
}

const serverTest = {
  include: ['apps/server/test/**/*.test.ts'],
  // The reliability suite has a config of its own (npm run test:reliability).
  exclude: ['apps/server/test/reliability/**'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig(async () => {
  const postgresUrl = process.env.TEST_DATABASE_URL ?? ((await answers('127.0.0.1', 5432)) ? defaultPostgres : undefined);
  if (!postgresUrl) console.warn('PostgreSQL not reachable and TEST_DATABASE_URL unset: skipping the server-postgres pass');
  return {
    test: {
      projects: [
        { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'], passWithNoTests: true } },
        { test: { ...serverTest, name: 'server-sqlite', env: { TEST_DIALECT: 'sqlite' } } },
        ...(postgresUrl
          ? [
              {
                test: {
                  ...serverTest,
                  name: 'server-postgres',
                  // The billing core is pure (no database): its tests run once, in the SQLite pass.
                  exclude: [...serverTest.exclude, 'apps/server/test/billing-*.test.ts'],
                  env: { TEST_DIALECT: 'postgres', TEST_DATABASE_URL: postgresUrl },
                },
              },
            ]
          : []),
        'apps/web/vitest.config.ts',
      ],
    },
  };
});
