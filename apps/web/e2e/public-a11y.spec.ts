import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, preset, test } from './fixtures';
import { shippedTexts } from './translations';

// axe on every public screen (the bar: 0 violations): German in the light and the dark theme,
// English in the dark theme too (the language changes texts and lang, not colours; dark is the
// theme with less contrast headroom). Each screen loads once per theme; the language switches
// in place, as a user would switch it.
const screens = [
  '/services',
  '/services/adressvalidierung-adressvalidierung',
  '/price',
  '/rechtliches/datenschutz',
  '/404',
];
const navigation = shippedTexts('Navigation');
const footer = shippedTexts('Footer');
const modal = shippedTexts('Modal');

test.describe.configure({ mode: 'parallel' });

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const theme of ['light', 'dark'] as const) {
  const languages = theme === 'dark' ? (['de', 'en'] as const) : (['de'] as const);
  test(`public screens have no axe violations (${theme}, ${languages.join(' and ')})`, async ({ page }) => {
    test.slow(); // axe takes 1–3 s per run on two busy cores
    await preset(page, { theme });
    for (const path of screens) {
      await page.goto(path);
      await settled(page);
      await expectNoAxeViolations(page, `${path} (${theme}, de)`);
      if (languages.length === 1) continue;
      await page.getByRole('combobox', { name: footer.language!.de }).selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await settled(page);
      await expectNoAxeViolations(page, `${path} (${theme}, en)`);
      await page.getByRole('combobox', { name: footer.language!.en }).selectOption('de');
    }
  });

  test(`modals, lightbox and menu sheet have no axe violations (${theme})`, async ({ page }) => {
    test.slow();
    await preset(page, { theme });
    await page.goto('/services/captcha-pro-captchaPro');
    await settled(page);

    await page.getByRole('banner').getByRole('button', { name: navigation.login!.de }).click();
    const login = page.getByRole('dialog', { name: modal.loginTitle!.de });
    await login.getByRole('button', { name: modal.loginSubmit!.de }).click();
    await expect(login.getByRole('alert').first()).toBeVisible();
    await expectNoAxeViolations(page, `login modal with errors (${theme})`, '[role="dialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('contentinfo').getByRole('button', { name: footer.ctaButton!.de }).click();
    await expect(page.getByRole('dialog', { name: modal.contactTitle!.de })).toBeVisible();
    await expectNoAxeViolations(page, `contact modal (${theme})`, '[role="dialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Bild 1 von/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, `lightbox (${theme})`, '.yarl__root');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('banner').getByRole('button', { name: navigation.openMenu!.de }).click();
    await expect(page.getByRole('dialog', { name: navigation.menu!.de })).toBeVisible();
    await expectNoAxeViolations(page, `menu sheet (${theme})`, '[role="dialog"]');
  });
}
