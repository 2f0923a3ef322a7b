// `npm run screenshots`: every screen at 1280 px and 375 px in the light and the dark theme,
// written to screenshots/ for a look before a screen is called done. Runs the built server
// (npm run build first) on a fresh temporary SQLite file with demo data, 127.0.0.1 only.
//   node scripts/screenshots.mjs [filter]   only screens whose name contains filter
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath, signIn, startPortal } from './local-portal.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'screenshots');
const port = 3400;
const base = `http://127.0.0.1:${port}`;
const filter = process.argv[2] ?? '';

// name, path, who is signed in, and what to do on the page before the picture
const screens = [
  { name: 'services', path: '/services' },
  { name: 'service-detail', path: '/services/captcha-pro-captchaPro' },
  {
    name: 'lightbox',
    path: '/services/captcha-pro-captchaPro',
    act: (p) => p.getByRole('button', { name: /^Bild 1 von/ }).click(),
  },
  { name: 'services-search', path: '/services?q=adresse&category=address' },
  { name: 'services-no-match', path: '/services?q=gibtsnicht' },
  { name: 'api-reference', path: '/services/adressvalidierung-adressvalidierung/api' },
  {
    name: 'api-try-it',
    path: '/services/adressvalidierung-adressvalidierung/api',
    as: 'demo',
    act: async (p) => {
      const operation = p.locator('section#post-addresses-validate');
      await operation.getByRole('button', { name: 'Ausprobieren' }).click();
      await operation.getByRole('button', { name: 'Senden' }).click();
      await operation.getByTestId('try-status').waitFor();
      await operation.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'admin-service-api',
    path: '/admin/services/adressvalidierung',
    as: 'admin',
    full: true,
    act: (p) => p.getByRole('tab', { name: 'API' }).click(),
  },
  { name: 'prices', path: '/price' },
  { name: 'legal', path: '/rechtliches/impressum' },
  { name: 'not-found', path: '/404' },
  {
    name: 'login-modal',
    path: '/services',
    act: (p) => p.getByRole('banner').getByRole('button', { name: 'Anmelden' }).click(),
  },
  {
    name: 'contact-modal',
    path: '/services',
    act: (p) => p.getByRole('contentinfo').getByRole('button').last().click(),
  },
  {
    name: 'mobile-menu',
    path: '/services',
    mobileOnly: true,
    act: (p) => p.getByRole('button', { name: 'Menü öffnen' }).click(),
  },
  { name: 'offline', path: '/services', act: (p) => p.context().setOffline(true) },
  { name: 'signup', path: '/signup' },
  {
    name: 'signup-errors',
    path: '/signup',
    act: (p) => p.getByRole('main').getByRole('button', { name: 'Registrieren' }).click(),
  },
  { name: 'forgot-password', path: '/forgot-password' },
  // A well-formed token shows the form; the server judges it only when the form is sent.
  { name: 'reset-password', path: `/reset-password?token=${'A'.repeat(43)}` },
  { name: 'verify-email', path: `/verify-email?token=${'A'.repeat(43)}` },
  { name: 'link-invalid', path: '/verify-email?token=expired' },
  { name: 'projects', path: '/projects', as: 'demo' },
  { name: 'projects-empty', path: '/projects', as: 'admin' },
  {
    name: 'create-project',
    path: '/projects',
    as: 'demo',
    act: (p) => p.getByRole('button', { name: 'Projekt anlegen' }).first().click(),
  },
  { name: 'project-detail', path: '/projects/x-demoProjShop', as: 'demo' },
  {
    name: 'licence',
    path: '/projects/x-demoProjShop',
    as: 'demo',
    act: async (p) => {
      await p.locator('main a[href*="/projects/"]').first().click();
      await p.waitForTimeout(1500);
    },
  },
  {
    name: 'licence-full',
    path: '/projects/x-demoProjShop',
    as: 'demo',
    full: true,
    act: async (p) => {
      await p.locator('main a[href*="/projects/"]').first().click();
      await p.waitForTimeout(1500);
    },
  },
  {
    name: 'licence-settings',
    path: '/projects/x-demoProjShop',
    as: 'demo',
    full: true,
    act: async (p) => {
      await p.locator('main a[href*="/projects/"]').first().click();
      await p.getByRole('tab', { name: 'Einstellungen' }).click();
      await p.waitForTimeout(800);
    },
  },
  {
    name: 'add-services',
    path: '/projects/x-demoProjShop',
    as: 'demo',
    act: (p) => p.getByRole('button', { name: 'Services hinzufügen' }).click(),
  },
  {
    name: 'project-settings',
    path: '/projects/x-demoProjShop',
    as: 'demo',
    act: async (p) => {
      await p.getByRole('button', { name: 'Projektmenü' }).click();
      await p.getByRole('menuitem', { name: 'Einstellungen bearbeiten' }).click();
    },
  },
  { name: 'profile', path: '/profile', as: 'demo' },
  {
    name: 'edit-account',
    path: '/profile',
    as: 'demo',
    act: (p) => p.getByRole('button', { name: 'Konto bearbeiten' }).click(),
  },
  {
    name: 'change-password',
    path: '/profile',
    as: 'demo',
    act: (p) => p.getByRole('button', { name: 'Passwort ändern' }).click(),
  },
  { name: 'admin', path: '/admin', as: 'admin' },
  { name: 'admin-billing', path: '/admin/billing', as: 'admin' },
  { name: 'admin-forbidden', path: '/admin', as: 'demo' },
];

const dir = mkdtempSync(join(tmpdir(), 'portal-shots-'));
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const server = await startPortal({ port, databaseUrl: `sqlite:${join(dir, 'portal.sqlite')}` });
try {
  const sessions = {
    demo: await signIn(base, 'demo@example.com', 'demo1234'),
    admin: await signIn(base, 'admin@example.com', 'admin1234'),
  };
  for (const screen of screens.filter((s) => s.name.includes(filter))) {
    for (const width of [1280, 375]) {
      if (screen.mobileOnly && width !== 375) continue;
      for (const theme of ['light', 'dark']) {
        const context = await browser.newContext({
          viewport: { width, height: width === 375 ? 812 : 900 },
          locale: 'de-DE',
        });
        const session = screen.as ? sessions[screen.as] : undefined;
        await context.addInitScript(
          (values) => {
            for (const [k, v] of Object.entries(values)) if (v) localStorage.setItem(k, v);
          },
          { 'user-theme': theme, 'user-token': session?.token, 'user-oid': session?.oid },
        );
        const page = await context.newPage();
        await page.goto(`${base}${screen.path}`);
        await page.waitForLoadState('networkidle');
        if (screen.act) await screen.act(page);
        await page.waitForTimeout(600);
        const file = join(out, `${screen.name}-${width}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: !screen.act || screen.full === true });
        console.log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(dir, { recursive: true, force: true });
}
