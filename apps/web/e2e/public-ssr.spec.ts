import type { Page } from '@playwright/test';
import { expect, preset, slugify, test } from './fixtures';
import { shippedTexts } from './translations';

// Public pages arrive rendered (docs/performance.md#public-pages-rendered-on-the-server): readable
// without any script, and taken over by the app without a second rendering, a refetch or a
// console error.

const overview = shippedTexts('ServiceOverview');
const footer = shippedTexts('Footer');
const notFound = shippedTexts('NotFound');
const price = shippedTexts('Price');
const navigation = shippedTexts('Navigation');

/** Everything the page reports as an error or warning (hydration mismatches are console errors). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Marks the document: the mark survives navigations inside the app, not a new page load. */
const markDocument = (page: Page) => page.evaluate(() => void ((window as { appMark?: number }).appMark = 1));
const documentMarked = (page: Page) => page.evaluate(() => (window as { appMark?: number }).appMark === 1);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalogue, a service, the prices and a legal page can be read and followed', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
    const list = page.getByRole('list', { name: overview.listTitle!.de });
    await expect(list.getByRole('link')).toHaveCount(7);
    await expect(list.getByRole('link', { name: 'Bot-Schutz Invisible' })).toBeVisible();
    await expect(page).toHaveTitle(`${overview.pageTitle!.de} · Serviceportal`);

    await list.getByRole('link', { name: 'Bot-Schutz Invisible' }).click();
    await expect(page).toHaveURL(new RegExp(`/services/${slugify('Bot-Schutz Invisible')}-`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bot-Schutz Invisible');

    await page.goto('/price?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(price.title!.en);
    await expect(page.getByRole('heading', { name: 'Enterprise' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.goto('/rechtliches/agb');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Allgemeine Geschäftsbedingungen');

    const missing = await page.goto('/services/nothing-unknownId');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.title!.de);
  });
});

test.describe('with JavaScript', () => {
  test('the app takes the page over without errors, refetching nothing, and stays interactive', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const catalogueCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rest/collection/')) catalogueCalls.push(request.url());
    });
    await page.goto('/services');
    await page.waitForLoadState('networkidle');
    expect(catalogueCalls).toEqual([]);
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page).toHaveTitle(`${overview.pageTitle!.de} · Serviceportal`);

    // Opening a service is a navigation inside the app (the document stays).
    await markDocument(page);
    await page
      .getByRole('list', { name: overview.listTitle!.de })
      .getByRole('link', { name: 'Bot-Schutz Invisible' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bot-Schutz Invisible');
    await expect(page).toHaveTitle('Bot-Schutz Invisible · Serviceportal');
    expect(await documentMarked(page)).toBe(true);

    // Switching the language re-renders in English and moves to the English address.
    await page.getByRole('combobox', { name: footer.language!.de }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invisible Bot Protection');
    await expect(page).toHaveURL(new RegExp(`/services/${slugify('Invisible Bot Protection')}-`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await documentMarked(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('a service page hydrates in the language of its address', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/services?lang=en');
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('list', { name: overview.listTitle!.en })
      .getByRole('link', { name: 'Geocoding' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Geocoding');
    const address = page.url().replace(/\?.*$/, '');
    await page.goto(`${address}?lang=en`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Geocoding');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(problems).toEqual([]);
  });

  test('the language chosen on this device wins over the rendering', async ({ page }) => {
    const problems = watchConsole(page);
    await preset(page, { language: 'en' });
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Invisible Bot Protection' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('signed in, the rendered page is taken over and then shows the signed-in top bar', async ({
    page,
    demoSession,
  }) => {
    const problems = watchConsole(page);
    await preset(page, { session: demoSession, theme: 'dark' });
    await page.goto('/price');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(price.title!.de);
    await expect(page.getByRole('banner').getByRole('button', { name: navigation.login!.de })).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('an address that names nothing answers 404 and shows the not-found page at /404', async ({ page }) => {
    const problems = watchConsole(page);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.title!.de);
    await expect(page).toHaveURL(/\/404$/);
    await page.waitForLoadState('networkidle');
    await markDocument(page);
    await page.getByRole('link', { name: notFound.back!.de }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
    expect(await documentMarked(page)).toBe(true);
    // The browser reports the 404 answer itself as a failed resource; nothing else.
    expect(problems.filter((text) => !/status of 404/.test(text))).toEqual([]);
  });
});
