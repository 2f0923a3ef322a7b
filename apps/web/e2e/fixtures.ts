import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

// Shared helpers of the public end-to-end tests: API sign-in (one per worker and account, not
// one per test: argon2 is slow on purpose), theme and language presets, axe.

export const accounts = {
  demo: { email: 'demo@example.com', password: 'demo1234' },
  admin: { email: 'admin@example.com', password: 'admin1234' },
} as const;
export type AccountName = keyof typeof accounts;

export interface ApiSession {
  token: string;
  oid: string;
}

/** POST /rest/auth with Basic credentials, as the login modal does. */
export async function apiLogin(request: APIRequestContext, account: AccountName): Promise<ApiSession> {
  const { email, password } = accounts[account];
  const response = await request.post('/rest/auth', {
    headers: { Authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiSession;
}

export type Theme = 'light' | 'dark';
export type Language = 'de' | 'en';

export interface Preset {
  theme?: Theme;
  language?: Language;
  session?: ApiSession;
}

/**
 * Local storage as the app keeps it, written before the app's first script runs, for this page
 * load only (a later reload starts from what the app stored, e.g. after a logout).
 */
export async function preset(page: Page, { theme, language, session }: Preset): Promise<void> {
  await page.addInitScript(
    (values) => {
      const key = 'e2e-preset-applied';
      if (window.sessionStorage.getItem(key)) return;
      window.sessionStorage.setItem(key, '1');
      for (const [name, value] of Object.entries(values)) {
        if (value) window.localStorage.setItem(name, value);
      }
    },
    {
      'user-theme': theme,
      'user-language': language,
      'user-token': session?.token,
      'user-oid': session?.oid,
    },
  );
}

/** axe with the WCAG 2.x A/AA rules (the bar: 0 violations on every screen). */
export async function expectNoAxeViolations(page: Page, label: string, include?: string): Promise<void> {
  // `include`: only that part (e.g. an open dialog; the page behind it is checked on its own).
  const builder = include ? new AxeBuilder({ page }).include(include) : new AxeBuilder({ page });
  const results = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Only violations are reported: skipping the details of passed checks makes axe faster.
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join('\n  ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

interface WorkerFixtures {
  /** The demo customer, signed in once per worker through the API. */
  demoSession: ApiSession;
  adminSession: ApiSession;
}

export const test = base.extend<object, WorkerFixtures>({
  demoSession: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await apiLogin(request, 'demo'));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  adminSession: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await apiLogin(request, 'admin'));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect };
