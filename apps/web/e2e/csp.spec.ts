import type { Page } from '@playwright/test';
import { expect, preset, test, type ApiSession } from './fixtures';
import { shippedTexts } from './translations';

// The Content Security Policy holds in the browser: no screen, signed out, as a customer or as
// an admin, makes Chromium block anything (an inline script or style, a foreign image or font
// would be blocked for every user and is reported here). Part of the reliability suite
// (docs/reliability.md).

const publicScreens = [
  '/services',
  '/services/captcha-pro-captchaPro',
  '/price',
  '/rechtliches/impressum',
  '/rechtliches/datenschutz',
  '/this/does/not/exist',
];
const customerScreens = [
  '/projects',
  '/profile',
  '/projects/webshop-relaunch-demoProjShop',
  '/projects/webshop-relaunch-demoProjShop/captcha-pro-demoLicShop1',
];
const adminScreens = ['/admin'];
const navigation = shippedTexts('Navigation');
const footer = shippedTexts('Footer');
const licence = shippedTexts('Licence');

/** Collects every CSP violation the page reports, as Chromium's console line or as the DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

async function visitAll(page: Page, paths: string[], session: ApiSession | null): Promise<string[]> {
  const violations = await watchViolations(page);
  await preset(page, { session });
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  return violations;
}

test('no CSP violation on the public screens, with the login and contact dialogs open', async ({ page }) => {
  test.slow(); // every public screen loaded in turn, then two dialogs
  const violations = await visitAll(page, publicScreens, null);
  await page.goto('/services');
  await page.getByRole('banner').getByRole('button', { name: navigation.login!.de }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('contentinfo').getByRole('button', { name: footer.ctaButton!.de }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(violations).toEqual([]);
});

test('no CSP violation on the customer screens', async ({ page, demoSession }) => {
  const violations = await visitAll(page, customerScreens, demoSession);
  await page.getByRole('tab', { name: licence.tabSettings!.de }).click();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('no CSP violation on the admin report', async ({ page, adminSession }) => {
  expect(await visitAll(page, adminScreens, adminSession)).toEqual([]);
});
