import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { hash } from '@node-rs/argon2';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

// Helpers of the signed-in journeys (signed-in-*.spec.ts).
//
// Every journey that changes an account works with a fresh customer of its own, so the two
// workers (and the public suite) never see each other's changes: the password journey in
// particular ends all other sessions of its account. There is no sign-up call, so the account
// is written straight into the run's database (playwright.config.ts makes a fresh SQLite file
// per run and passes its path in PORTAL_E2E_DATABASE), the way an operator creates accounts.

export interface TestUser {
  email: string;
  password: string;
  oid: string;
  firstname: string;
  lastname: string;
}

export interface ApiSession {
  token: string;
  oid: string;
}

const alphanumeric = (length: number) =>
  randomBytes(length * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length);

/** Runs `work` on the run's database (the server's own SQLite file), closing it afterwards. */
export function withDatabase<T>(work: (db: Database.Database) => T): T {
  const file = process.env.PORTAL_E2E_DATABASE;
  if (!file) throw new Error('PORTAL_E2E_DATABASE is not set (run through apps/web/playwright.config.ts)');
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/** A random id in the app's id alphabet (letters and digits). */
export const randomId = (prefix = 'e2e') => `${prefix}${alphanumeric(12)}`;

export async function createUser(
  overrides: Partial<Omit<TestUser, 'oid' | 'email'>> = {},
): Promise<TestUser> {
  const oid = randomId();
  const user: TestUser = {
    email: `${oid.toLowerCase()}@example.com`,
    password: 'e2e-secret-1',
    firstname: 'Erika',
    lastname: 'Tester',
    ...overrides,
    oid,
  };
  const now = new Date().toISOString();
  const passwordHash = await hash(user.password);
  withDatabase((db) =>
    db
      .prepare(
        `INSERT INTO person (id, email, password_hash, firstname, lastname, salutation, language, place, company, is_admin, avatar_version, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'f', 'de', 'Köln', 'Testfirma GmbH', 0, 0, ?, ?)`,
      )
      .run(oid, user.email, passwordHash, user.firstname, user.lastname, now, now),
  );
  return user;
}

const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/** POST /rest/auth as the login modal does; the answer's status for the failure cases. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<ApiSession> {
  const response = await request.post('/rest/auth', { headers: { Authorization: basic(email, password) } });
  expect(response.status(), `login of ${email}`).toBe(200);
  return (await response.json()) as ApiSession;
}

export async function loginStatus(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<number> {
  const response = await request.post('/rest/auth', { headers: { Authorization: basic(email, password) } });
  return response.status();
}

export const demoAccount = { email: 'demo@example.com', password: 'demo1234' };
export const adminAccount = { email: 'admin@example.com', password: 'admin1234' };

/**
 * Puts the session (and theme/language) into local storage before the app starts, once per
 * page: a later reload sees what the app itself stored (e.g. after a logout).
 */
export async function signIn(
  page: Page,
  session: ApiSession | null,
  { theme = 'light', language }: { theme?: 'light' | 'dark'; language?: 'de' | 'en' } = {},
): Promise<void> {
  await page.addInitScript(
    ({ session, theme, language }) => {
      if (window.sessionStorage.getItem('e2e-signed-in')) return;
      window.sessionStorage.setItem('e2e-signed-in', '1');
      if (session) {
        window.localStorage.setItem('user-token', session.token);
        window.localStorage.setItem('user-oid', session.oid);
      }
      window.localStorage.setItem('user-theme', theme);
      if (language) window.localStorage.setItem('user-language', language);
    },
    { session, theme, language },
  );
}

/** Creates a project through the API (for screens that need one but do not test creating it). */
export async function apiCreateProject(
  request: APIRequestContext,
  session: ApiSession,
  project: { name: string; description: string; domainsProduction?: string[]; serviceIds?: string[] },
): Promise<{ id: string; name: string; licences: { id: string; service: { id: string } }[] }> {
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
  let body = (await created.json()) as Awaited<ReturnType<typeof apiCreateProject>>;
  for (const serviceId of project.serviceIds ?? []) {
    const added = await request.put(`/rest/collection/project/${body.id}/service_licence/${serviceId}`, {
      headers,
    });
    expect(added.status()).toBe(201);
    body = (await added.json()) as typeof body;
  }
  return body;
}

/** axe with the WCAG 2.x A/AA rules and best practices (the bar: 0 violations on every screen). */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
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
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
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

/** A sonner notification with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** The shipped slug rule (docs/domain.md#ids-and-slugs), for expected URLs. */
export function slugify(text: string): string {
  const umlauts: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
  return text
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => umlauts[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
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
