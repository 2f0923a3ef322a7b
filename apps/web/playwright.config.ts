import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.mjs';

// End-to-end tests against the REAL built server (npm run build first) on a fresh temporary
// SQLite file with demo data. Debian's chromium, not a downloaded browser.
// E2E_PORT: a second run beside this one (each run starts its own server and database).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const here = fileURLToPath(new URL('.', import.meta.url));
const database = join(tmpdir(), `portal-e2e-${process.pid}-${Date.now()}.sqlite`);
// For e2e/global-teardown.ts, which runs in this (the main) process and removes the file.
process.env.PORTAL_E2E_DATABASE ??= database;
// The SMTP server of the mail journeys (e2e/account.spec.ts); the workers read the port from here.
process.env.E2E_SMTP_PORT ??= String(port + 25);

// Playwright reads a default export.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // Two cores run the server, the browser and the test runner: allow for a busy machine.
  expect: { timeout: 10_000 },
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    locale: 'de-DE',
    // Recording a trace for every test more than doubles the run time on two cores; traces are
    // taken on the retry of a failed test (CI retries once). Locally: --trace on.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [...chromiumFlags],
        },
      },
    },
  ],
  webServer: {
    command: 'node ../server/dist/main.js',
    cwd: here,
    url: `${baseURL}/rest/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${process.env.PORTAL_E2E_DATABASE}`,
      PORTAL_DEMO: '1',
      NODE_ENV: 'test',
      // E2E_WEB_DIST: test a build kept elsewhere (e.g. while someone rebuilds apps/web/dist).
      WEB_DIST: process.env.E2E_WEB_DIST ?? join(here, 'dist'),
      LOG_LEVEL: 'warn',
      // Mails go through the outbox to that SMTP server; their links point at this server.
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: 'Portal <portal@example.com>',
      PUBLIC_URL: baseURL,
      // Webhook deliveries to the test's receiver on a loopback address (docs/webhooks.md#operators;
      // refused with NODE_ENV=production). The worker polls every second by itself.
      WEBHOOK_ALLOW_PRIVATE: '1',
    },
  },
});
