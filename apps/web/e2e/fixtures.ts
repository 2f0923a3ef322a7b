import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { openDatabase } from '../../server/src/db/connect.ts';
import { createPerson } from '../../server/test/helper.ts';

// The one helper module of the end-to-end tests: accounts and sign-in through the API (once per
// worker for the seeded accounts: argon2 is slow on purpose), fresh customers and projects,
// local-storage presets, axe, and small readers of what the screens show.

import { slugify } from '../src/lib/format.ts';

export { slugify };

export interface Credentials {
  email: string;
  password: string;
}

/** The seeded demo accounts (read only: journeys that change an account use createUser). */
export const accounts = {
  demo: { email: 'demo@example.com', password: 'demo1234' },
  admin: { email: 'admin@example.com', password: 'admin1234' },
} as const satisfies Record<string, Credentials>;
export type AccountName = keyof typeof accounts;

export interface ApiSession {
  token: string;
  oid: string;
}

const credentialsOf = (who: AccountName | Credentials): Credentials =>
  typeof who === 'string' ? accounts[who] : who;

const basic = ({ email, password }: Credentials) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/** POST /rest/auth with Basic credentials, as the login modal does. */
export async function apiLogin(
  request: APIRequestContext,
  who: AccountName | Credentials,
): Promise<ApiSession> {
  const credentials = credentialsOf(who);
  const response = await request.post('/rest/auth', { headers: { Authorization: basic(credentials) } });
  expect(response.status(), `login of ${credentials.email}`).toBe(200);
  return (await response.json()) as ApiSession;
}

/** The status of a login attempt (for the cases that must fail). */
export async function loginStatus(request: APIRequestContext, credentials: Credentials): Promise<number> {
  const response = await request.post('/rest/auth', { headers: { Authorization: basic(credentials) } });
  return response.status();
}

export interface TestUser extends Credentials {
  oid: string;
  firstname: string;
  lastname: string;
}

/** A random id in the app's id alphabet (letters and digits). */
export const randomId = (prefix = 'e2e') =>
  `${prefix}${randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 12)}`;

/**
 * A fresh customer of its own for a journey that changes an account, so the two workers (and
 * the public suite) never see each other's changes. There is no sign-up call: the server's own
 * test helper writes the person into the run's database (playwright.config.ts makes a fresh
 * SQLite file per run and passes its path in PORTAL_E2E_DATABASE).
 */
export async function createUser(
  overrides: Partial<Pick<TestUser, 'firstname' | 'lastname' | 'password'>> = {},
): Promise<TestUser> {
  const user = { firstname: 'Erika', lastname: 'Tester', password: 'e2e-secret-1', ...overrides };
  const person = await withDatabase((db) => createPerson(db, user));
  return { ...user, email: person.email, oid: person.id };
}

/** Runs `work` on the run's database through the server's own code, closing it afterwards. */
export async function withDatabase<T>(
  work: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>,
): Promise<T> {
  const file = process.env.PORTAL_E2E_DATABASE;
  if (!file) throw new Error('PORTAL_E2E_DATABASE is not set (run through apps/web/playwright.config.ts)');
  const handle = openDatabase(`sqlite:${file}`);
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

export interface ApiProject {
  id: string;
  name: string;
  licences: { id: string; service: { id: string } }[];
}

/** Creates a project through the API, with services licensed in it (for screens that need one). */
export async function apiCreateProject(
  request: APIRequestContext,
  session: ApiSession,
  project: { name: string; description: string; domainsProduction?: string[]; serviceIds?: string[] },
): Promise<ApiProject> {
  const headers = { Authorization: `Bearer ${session.token}` };
  const form = new URLSearchParams({
    projectOwner: session.oid,
    name: project.name,
    description: project.description,
  });
  for (const domain of project.domainsProduction ?? []) form.append('domainsProduction[]', domain);
  const created = await request.post('/rest/collection/project', {
    headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    data: form.toString(),
  });
  expect(created.status()).toBe(201);
  let body = (await created.json()) as ApiProject;
  for (const serviceId of project.serviceIds ?? []) {
    const added = await request.put(`/rest/collection/project/${body.id}/service_licence/${serviceId}`, {
      headers,
    });
    expect(added.status()).toBe(201);
    body = (await added.json()) as ApiProject;
  }
  return body;
}

/** The project's address in the app: /projects/<name as slug>-<id>. */
export const projectPath = (project: { id: string; name: string }) =>
  `/projects/${slugify(project.name)}-${project.id}`;

export async function apiDeleteProject(request: APIRequestContext, session: ApiSession, id: string) {
  const response = await request.delete(`/rest/collection/project/${id}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.status()).toBe(204);
}

export interface Preset {
  theme?: 'light' | 'dark';
  language?: 'de' | 'en';
  session?: ApiSession | null;
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

/**
 * axe with the WCAG 2.x A/AA rules and best practices: 0 violations on every screen.
 * `include`: only that part (e.g. an open dialog; the page behind it is checked on its own).
 */
export async function expectNoAxeViolations(page: Page, label: string, include?: string): Promise<void> {
  // A notification sliding in is half transparent for 200 ms: axe would measure its colours
  // mid-fade. Wait until the toasts stand still (other animations, e.g. spinners, never end).
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return animation.playState === 'running' && target?.closest('[data-sonner-toaster]');
          }).length,
      ),
    )
    .toBe(0);
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
        .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`)
        .join('\n  ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * The German text of `key` in shipped texts (shippedTexts), its {{placeholders}} filled from
 * `values`: what the screens show with the de-DE locale of the runs.
 */
export const de = (texts: Record<string, { de: string }>, key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, value), texts[key]!.de);

/** A sonner notification with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Parses '1,234.56 €' / '1.234' (the report's formats) into a number. */
export function parseAmount(text: string): number {
  return Number(text.replace(/[€\s,]/g, ''));
}

export function parseCalls(text: string): number {
  return Number(text.replace(/[.\s]/g, ''));
}

/** A 48×48 PNG (made with sharp, so the server's re-encoding takes it). */
export const smallPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WQQ3AAAxC0anjin8B+JiJJd3hJRXQEPjwNPvVPecf1EOjUHioUrZz/BQYR6HwUKVs5xCqgTYKhYcqZcOhAWNUR5XrzI/cT7MaaKNQeKhSNhwaMEZ19NMovFs1SsTtvLlzAAAAAElFTkSuQmCC',
  'base64',
);

interface SignedInCustomer {
  user: TestUser;
  /** Signed in through the API; preset puts it into a page. */
  session: ApiSession;
}

interface Customers {
  /** A fresh customer (createUser), signed in through the API. */
  signedIn(person?: Parameters<typeof createUser>[0]): Promise<SignedInCustomer>;
  /**
   * A fresh signed-in customer who owns a new project with the given services; `path` is the
   * project's address in the app.
   */
  withProject(
    project: Parameters<typeof apiCreateProject>[2],
    person?: Parameters<typeof createUser>[0],
  ): Promise<SignedInCustomer & { project: ApiProject; path: string }>;
}

interface TestFixtures {
  /** Fresh customers for journeys on a customer's own projects, through the test's `request`. */
  customers: Customers;
}

interface WorkerFixtures {
  /** The demo customer, signed in once per worker through the API. */
  demoSession: ApiSession;
  adminSession: ApiSession;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // `provide` is Playwright's `use` (so named, React's lint would take it for the use() hook).
  customers: async ({ request }, provide) => {
    const signedIn = async (person: Parameters<typeof createUser>[0] = {}) => {
      const user = await createUser(person);
      return { user, session: await apiLogin(request, user) };
    };
    await provide({
      signedIn,
      withProject: async (project, person) => {
        const customer = await signedIn(person);
        const created = await apiCreateProject(request, customer.session, project);
        return { ...customer, project: created, path: projectPath(created) };
      },
    });
  },
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
