import { expect, preset, test } from './fixtures';
import { shippedTexts } from './translations';

const price = shippedTexts('Price');
const general = shippedTexts('General');
const notFound = shippedTexts('NotFound');
const legalTexts = shippedTexts('Legal');

test.describe('price overview', () => {
  test('heading, subheading, one card per package (1,090.00 €, 5.000.000 calls), explanation (German)', async ({
    page,
  }) => {
    await page.goto('/price');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(price.title!.de);
    await expect(page.getByText(price.subtitle!.de)).toBeVisible();
    const cards = page
      .getByRole('list')
      .filter({ has: page.getByRole('heading', { name: 'Starter' }) })
      .getByRole('listitem');
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0)).toContainText('9.90 €');
    await expect(cards.nth(0)).toContainText('10.000 Aufrufe inklusive');
    await expect(cards.nth(3)).toContainText('1,090.00 €');
    await expect(cards.nth(3)).toContainText('5.000.000 Aufrufe inklusive');
    await expect(cards.nth(3)).toContainText(`${price.perMonth!.de} · ${general.plusVat!.de}`);
    await expect(page.getByRole('heading', { name: price.infoTitle!.de })).toBeVisible();
    await expect(page.getByText(price.infoText!.de)).toBeVisible();
  });

  test('in English', async ({ page }) => {
    await preset(page, { language: 'en' });
    await page.goto('/price');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(price.title!.en);
    await expect(page.getByText('1,000,000 calls included')).toHaveCount(0);
    await expect(page.getByText('1.000.000 calls included')).toBeVisible();
    await expect(page.getByText('249.00 €')).toBeVisible();
    await expect(page.getByRole('heading', { name: price.infoTitle!.en })).toBeVisible();
  });
});

test.describe('legal pages', () => {
  test('each page shows its title and sanitized HTML, in both languages', async ({ page }) => {
    test.slow(); // three pages, each switched to English and back, on two busy cores
    for (const [id, de, en] of [
      ['impressum', 'Impressum', 'Legal notice'],
      ['datenschutz', 'Datenschutzerklärung', 'Privacy policy'],
      ['agb', 'Allgemeine Geschäftsbedingungen', 'Terms and conditions'],
    ] as const) {
      await page.goto(`/rechtliches/${id}`);
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(de);
      await expect(article.getByText(/^Stand: \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
      expect(await article.locator('h2, h3, p').count()).toBeGreaterThan(2);
      expect(await article.locator('script, iframe, [onclick], [onerror]').count()).toBe(0);
      await page.getByRole('combobox', { name: shippedTexts('Footer').language!.de }).selectOption('en');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(en);
      await expect(article.getByText(/^As of \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
      await page.getByRole('combobox', { name: shippedTexts('Footer').language!.en }).selectOption('de');
    }
    expect(legalTexts.lastModified!.en).toBe('As of {{date}}');
  });

  test('an unknown legal page is the not-found page', async ({ page }) => {
    await page.goto('/rechtliches/gibt-es-nicht');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.title!.de);
  });
});

test.describe('not-found page', () => {
  test('title, text and the way back, in both languages', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.title!.de);
    await expect(page.getByText(notFound.text!.de)).toBeVisible();
    await page.getByRole('combobox', { name: shippedTexts('Footer').language!.de }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.title!.en);
    await page.getByRole('link', { name: notFound.back!.en }).click();
    await expect(page).toHaveURL(/\/services$/);
  });
});
