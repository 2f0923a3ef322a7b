import type { Page } from '@playwright/test';
import { expect, preset, test } from './fixtures';
import { shippedTexts } from './translations';

const navigation = shippedTexts('Navigation');
const footer = shippedTexts('Footer');
const modal = shippedTexts('Modal');
const form = shippedTexts('Form');
const overview = shippedTexts('ServiceOverview');
const price = shippedTexts('Price');
const legal = {
  impressum: 'Impressum',
  datenschutz: 'Datenschutzerklärung',
  agb: 'Allgemeine Geschäftsbedingungen',
};

const banner = (page: Page) => page.getByRole('banner');
const mainNav = (page: Page) => page.getByRole('navigation', { name: navigation.mainNavigation!.de });

test.describe('shell at 1280 px', () => {
  test('top bar: logo, Services, Prices, Projects, theme and login', async ({ page }) => {
    await page.goto('/price');
    await expect(banner(page).getByRole('link', { name: 'Serviceportal' })).toHaveAttribute(
      'href',
      '/services',
    );
    await expect(mainNav(page).getByRole('link')).toHaveText([
      navigation.services!.de,
      navigation.price!.de,
      navigation.projects!.de,
    ]);
    await expect(mainNav(page).getByRole('link', { name: navigation.price!.de })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(banner(page).getByRole('button', { name: navigation.themeDark!.de })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: navigation.login!.de })).toBeVisible();
    // The mobile menu button is for narrow screens only.
    await expect(banner(page).getByRole('button', { name: navigation.openMenu!.de })).toBeHidden();

    await mainNav(page).getByRole('link', { name: navigation.services!.de }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
  });

  test('a new page starts at the top; back returns to where the list was scrolled', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/services');
    const card = page.getByRole('link', { name: /PLZ-Autovervollständigung/ }).first();
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const listScroll = await page.evaluate(() => window.scrollY);
    await card.click();
    await expect(page).toHaveURL(/\/services\/.+-plzAutovervollstaendigung$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The scroll to the top follows the new page's render; read it until it has happened.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/services$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listScroll);
  });

  test('a page opened by typing its address starts at the top, not where another page was left', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 600 });
    await page.goto('/rechtliches/datenschutz');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // Typed into the address bar of the same tab: a new document, not an in-app link.
    await page.goto('/price');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(600);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('footer: call to action, version, contact address, legal links, language', async ({ page }) => {
    await page.goto('/services');
    const contentinfo = page.getByRole('contentinfo');
    await expect(contentinfo.getByText('Beta 1.1.0', { exact: true })).toBeVisible();
    await expect(contentinfo.getByRole('link', { name: footer.contactEmail!.de })).toHaveAttribute(
      'href',
      `mailto:${footer.contactEmail!.de}`,
    );
    await expect(contentinfo.getByRole('combobox', { name: footer.language!.de })).toHaveValue('de');

    const legalNav = contentinfo.getByRole('navigation', { name: footer.legalTitle!.de });
    for (const [name, key] of [
      ['impressum', 'imprint'],
      ['datenschutz', 'privacy'],
      ['agb', 'terms'],
    ] as const) {
      await legalNav.getByRole('link', { name: footer[key]!.de, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/rechtliches/${name}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal[name]);
    }
  });

  test('signed out, Projects opens the login modal and continues to /projects after login', async ({
    page,
  }) => {
    await page.goto('/services');
    await mainNav(page).getByRole('link', { name: navigation.projects!.de }).click();
    const dialog = page.getByRole('dialog', { name: modal.loginTitle!.de });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/services$/);
    // Focus starts in the first field, not on the close button.
    await expect(dialog.getByRole('textbox', { name: form.username!.de })).toBeFocused();
    await dialog.getByRole('textbox', { name: form.username!.de }).fill('admin@example.com');
    await dialog.getByLabel(form.password!.de).fill('admin1234');
    await dialog.getByRole('button', { name: modal.loginSubmit!.de }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(banner(page).getByRole('button', { name: navigation.profileMenu!.de })).toHaveText('AA');
  });

  test('contact modal opens from the footer and from a global event', async ({ page }) => {
    await page.goto('/services');
    const cta = page.getByRole('contentinfo').getByRole('button', { name: footer.ctaButton!.de });
    await cta.click();
    const dialog = page.getByRole('dialog', { name: modal.contactTitle!.de });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cta).toBeFocused();

    // Any part of the app (or a script) can ask for it.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('portal:contact-request')));
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: modal.close!.de }).click();
    await expect(dialog).toBeHidden();

    // The price page's own call to action uses the same modal, asking for an offer.
    await page.goto('/price');
    await page.getByRole('button', { name: price.contactButton!.de }).click();
    await expect(page.getByRole('dialog', { name: modal.offerTitle!.de })).toBeVisible();
  });
});

test.describe('shell at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu sheet holds the navigation and the login', async ({ page }) => {
    await page.goto('/services');
    await expect(mainNav(page)).toBeHidden();
    const menuButton = banner(page).getByRole('button', { name: navigation.openMenu!.de });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    const sheet = page.getByRole('dialog', { name: navigation.menu!.de });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('navigation').getByRole('link')).toHaveText([
      navigation.services!.de,
      navigation.price!.de,
      navigation.projects!.de,
    ]);
    await expect(sheet.getByRole('button', { name: navigation.login!.de })).toBeVisible();
    await expect(sheet.getByRole('link', { name: navigation.signup!.de })).toHaveAttribute('href', '/signup');

    // Escape closes it and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await sheet.getByRole('link', { name: navigation.price!.de }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/price$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(price.title!.de);

    // Projects while signed out: the login modal instead.
    await menuButton.click();
    await sheet.getByRole('link', { name: navigation.projects!.de }).click();
    await expect(page.getByRole('dialog', { name: modal.loginTitle!.de })).toBeVisible();
    await expect(page).toHaveURL(/\/price$/);
  });

  test('signed in, the sheet offers account and logout', async ({ page, adminSession }) => {
    await preset(page, { session: adminSession });
    await page.goto('/services');
    await banner(page).getByRole('button', { name: navigation.openMenu!.de }).click();
    const sheet = page.getByRole('dialog', { name: navigation.menu!.de });
    await expect(sheet.getByText('admin@example.com')).toBeVisible();
    await expect(sheet.getByRole('link', { name: navigation.account!.de })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(sheet.getByRole('link', { name: navigation.admin!.de })).toHaveAttribute('href', '/admin');
    await expect(sheet.getByRole('button', { name: navigation.logout!.de })).toBeVisible();
  });

  test('no screen is wider than the phone, down to 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      '/services',
      '/services/x-captchaPro',
      // The longest German service name: hyphenated or wrapped, never wider than the screen.
      '/services/x-plzAutovervollstaendigung',
      '/price',
      '/rechtliches/datenschutz',
      '/404',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
