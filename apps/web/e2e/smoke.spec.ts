import { expect, test } from '@playwright/test';
import { shippedTexts } from './translations';

const overview = shippedTexts('ServiceOverview');
const navigation = shippedTexts('Navigation');
const notFound = shippedTexts('NotFound');

test.describe('smoke', () => {
  test('/ lands on /services with the German catalogue', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
    await expect(page.getByRole('navigation', { name: navigation.mainNavigation!.de })).toContainText(
      navigation.projects!.de,
    );

    const cards = page.getByRole('list', { name: overview.listTitle!.de }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    // Every card links to /services/{slug}-{id} and shows at most 90 characters of description.
    for (const card of await cards.all()) {
      await expect(card.getByRole('link')).toHaveAttribute('href', /^\/services\/[a-z0-9-]+-[A-Za-z0-9]+$/);
      const text = (await card.locator('p').first().textContent()) ?? '';
      expect(Array.from(text).length).toBeLessThanOrEqual(90);
    }
  });

  test('a card opens the service detail', async ({ page }) => {
    await page.goto('/services');
    const firstLink = page.getByRole('list', { name: overview.listTitle!.de }).getByRole('link').first();
    const name = (await firstLink.textContent()) ?? '';
    await firstLink.click();
    await expect(page).toHaveURL(/\/services\/[a-z0-9-]+-[A-Za-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('a deep link returns the app, not a server 404', async ({ page }) => {
    const response = await page.goto('/projects/x-abc');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    // The app answers: entered signed out, the project screen asks for a login at once (a modal
    // dialog, so the page behind it, banner included, is hidden from the accessibility tree).
    await expect(page.getByRole('dialog', { name: shippedTexts('Modal').loginTitle!.de })).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/x-abc$/);
  });

  test('an unknown path ends on /404', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.title!.de);
    await page.getByRole('link', { name: notFound.back!.de }).click();
    await expect(page).toHaveURL(/\/services$/);
  });

  test('switching to English changes the texts and is remembered', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);

    await page.getByRole('combobox', { name: shippedTexts('Footer').language!.de }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: navigation.mainNavigation!.en })).toContainText(
      navigation.projects!.en,
    );

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.en);
  });

  test('a failed preload keeps the user on the page and only logs', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/services');
    const list = page.getByRole('list', { name: overview.listTitle!.de });
    await expect(list.getByRole('link').first()).toBeVisible();
    // The page arrives rendered: its links work before the app has taken it over, as plain
    // page loads. Only the app's navigation preloads, so wait until the app is running.
    await page.waitForLoadState('networkidle');
    await page.route('**/rest/collection/service/*', (route) => route.abort());
    await list.getByRole('link').first().click();
    await expect.poll(() => errors.some((text) => text.includes('Preload of /services/'))).toBe(true);
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
  });

  test('offline, a full-page message replaces the content until the browser is back', async ({
    page,
    context,
  }) => {
    const general = shippedTexts('General');
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
    await context.setOffline(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(general.offlineTitle!.de);
    await expect(page.getByText(general.offlineText!.de)).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.heroTitle!.de);
  });

  test('the page runs under the strict CSP without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
