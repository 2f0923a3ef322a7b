import { expect, expectNoAxeViolations, preset, test } from './fixtures';
import { shippedTexts } from './translations';

// The API reference and the catalogue search, signed out (docs/domain.md#api-reference,
// docs/domain.md#catalogue-search): the reference readable without JavaScript, an example answer
// tried with the demo key, search and category filter in German and English.

const reference = shippedTexts('ApiReference');
const overview = shippedTexts('ServiceOverview');
const detail = shippedTexts('ServiceDetail');

const addressApi = '/services/adressvalidierung-adressvalidierung/api';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the reference shows every operation, its parameters, schemas, examples and code', async ({ page }) => {
    await page.goto(addressApi);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('API-Referenz: Adressvalidierung');
    await expect(page).toHaveTitle('API-Referenz: Adressvalidierung · Serviceportal');
    for (const operation of ['POST /addresses/validate', 'POST /addresses/validate-batch', 'GET /countries']) {
      await expect(page.getByRole('heading', { level: 3, name: operation, exact: true })).toBeVisible();
    }
    const validate = page.locator('section#post-addresses-validate');
    await expect(validate).toContainText('Der Lizenzschlüssel gehört in Header X-Api-Key.');
    await expect(validate).toContainText('postcode');
    await expect(validate).toContainText('/^[0-9]{4,5}$/');
    await expect(validate).toContainText('curl -X POST');
    await expect(validate).toContainText('"street": "Hauptstrasse"');
    // Navigation by tag, and the release notes.
    const navigation = page.getByRole('navigation', { name: reference.navLabel!.de });
    await expect(navigation.getByRole('link', { name: 'Adresse prüfen' })).toHaveAttribute('href', '#post-addresses-validate');
    await expect(page.getByRole('heading', { name: reference.changesTitle!.de })).toBeVisible();
    await expect(page.locator('#api-changes')).toContainText('3.1.0');
    await expect(page.locator('#api-changes')).toContainText('Korrekturvorschläge mit Konfidenz');
    // The service page links to it.
    await page.goto('/services/adressvalidierung-adressvalidierung');
    await page.getByRole('link', { name: detail.apiReference!.de }).click();
    await expect(page).toHaveURL(new RegExp(`${addressApi}$`));
  });

  test('the English reference has the English slug, texts and document', async ({ page }) => {
    await page.goto('/services/address-validation-adressvalidierung/api?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('API reference: Address Validation');
    await expect(page.getByText('Check an address').first()).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute('href', new RegExp(`${addressApi}$`));
  });

  test('search and category filter work as plain links and forms', async ({ page }) => {
    await page.goto('/services');
    await page.getByRole('searchbox', { name: overview.searchLabel!.de }).fill('strasse');
    await page.getByRole('button', { name: overview.searchButton!.de }).click();
    await expect(page).toHaveURL(/\/services\?q=strasse$/);
    const list = page.getByRole('list', { name: overview.listTitle!.de });
    await expect(list.getByRole('link')).toHaveCount(1);
    // "… Postleitzahlen, Orte und Straßen vor."
    await expect(list.getByRole('link', { name: 'PLZ-Autovervollständigung' })).toBeVisible();

    await page.goto('/services?category=data');
    await expect(list.getByRole('link')).toHaveCount(2);
    await page.goto('/services?q=gibtsnicht');
    await expect(page.getByText(overview.noMatch!.de)).toBeVisible();
    await page.getByRole('link', { name: overview.clearFilter!.de }).click();
    await expect(list.getByRole('link')).toHaveCount(7);
  });
});

test.describe('with JavaScript', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the reference page, a schema opened and a try-it panel have no axe violations (${theme})`, async ({ page }) => {
      await preset(page, { theme });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(addressApi);
      await expect(page.getByRole('searchbox', { name: reference.searchLabel!.de })).toBeEnabled();
      // Taken over without a hydration mismatch.
      expect(errors).toEqual([]);
      const validate = page.locator('section#post-addresses-validate');
      await validate.getByText('corrected').first().click();
      await validate.getByRole('button', { name: reference.tryIt!.de }).click();
      await expect(validate.getByRole('form', { name: reference.tryTitle!.de })).toBeVisible();
      await expectNoAxeViolations(page, `API reference (${theme})`);
    });
  }

  test('a visitor searches the reference and tries an example answer with the demo key', async ({ page }) => {
    await page.goto(addressApi);
    const search = page.getByRole('searchbox', { name: reference.searchLabel!.de });
    await expect(search).toBeEnabled();
    await search.fill('länder');
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 3, name: 'GET /countries', exact: true })).toBeVisible();
    await search.fill('');

    const validate = page.locator('section#post-addresses-validate');
    await validate.getByRole('button', { name: reference.tryIt!.de }).click();
    const panel = validate.getByRole('form', { name: reference.tryTitle!.de });
    await expect(panel.getByText(reference.tryVisitor!.de)).toBeVisible();
    await panel.getByRole('button', { name: reference.trySend!.de }).click();
    await expect(panel.getByTestId('try-status')).toHaveText('200');
    await expect(panel.getByTestId('try-body')).toContainText('"confidence": 0.97');

    // A request that does not fit the document gets the problems named.
    await panel.getByLabel(reference.requestBody!.de).fill('{"street": "x"}');
    await panel.getByRole('button', { name: reference.trySend!.de }).click();
    await expect(panel.getByTestId('try-status')).toHaveText('400');
    await expect(panel.getByTestId('try-body')).toContainText('houseNumber');
  });

  for (const language of ['de', 'en'] as const) {
    test(`search and category filter in the app (${language})`, async ({ page }) => {
      await page.goto(language === 'en' ? '/services?lang=en' : '/services');
      const list = page.getByRole('list', { name: overview.listTitle![language] });
      await expect(list.getByRole('link')).toHaveCount(7);
      const categories = page.getByRole('navigation', { name: overview.categoriesLabel![language] });
      await categories.getByRole('link', { name: overview.category_address![language] }).click();
      await expect(page).toHaveURL(/category=address/);
      await expect(list.getByRole('link')).toHaveCount(3);
      const box = page.getByRole('searchbox', { name: overview.searchLabel![language] });
      await box.fill(language === 'en' ? 'GEOCODING' : 'geokodierung');
      await box.press('Enter');
      await expect(list.getByRole('link')).toHaveCount(1);
      await expect(page.getByRole('status')).toHaveText(overview.resultCount_one![language]);
      await categories.getByRole('link', { name: overview.category_all![language] }).click();
      await expect(page).not.toHaveURL(/category=/);
    });
  }
});
