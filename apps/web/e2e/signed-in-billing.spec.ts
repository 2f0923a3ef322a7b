import { apiLogin, createUser, expect, expectNoAxeViolations, preset, test, toast } from './fixtures';
import { shippedTexts } from './translations';

const billing = shippedTexts('Billing');
const admin = shippedTexts('Admin');

test.describe('billing data', () => {
  test('a customer fills the billing details, with a VAT ID check on the way', async ({ page, request }) => {
    const customer = await createUser({ firstname: 'Berta', lastname: 'Billing' });
    await preset(page, { session: await apiLogin(request, customer), theme: 'dark' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/profile#billing');
    const form = page.getByRole('form', { name: billing.title!.de });
    await expect(form).toBeVisible();
    await expect(page.getByText(billing.empty!.de)).toBeVisible();

    await form.getByLabel(billing.name!.de, { exact: true }).fill('Billing GmbH');
    await form.getByLabel(billing.street!.de, { exact: true }).fill('Hauptstraße 1');
    await form.getByLabel(billing.postcode!.de, { exact: true }).fill('50667');
    await form.getByLabel(billing.city!.de, { exact: true }).fill('Köln');
    await form.getByLabel(billing.country!.de, { exact: true }).selectOption('DE');
    await form.getByLabel(billing.vatId!.de, { exact: true }).fill('ATU12345678');
    await form.getByRole('button', { name: billing.save!.de }).click();
    await expect(form.getByText(billing.vatIdCountry!.de.replace('{{example}}', 'DE123456789'))).toBeVisible();

    await form.getByLabel(billing.vatId!.de, { exact: true }).fill('DE 123 456 789');
    await form.getByLabel(billing.buyerReference!.de, { exact: true }).fill('991-33333TEST-33');
    await form.getByLabel(billing.wantsXml!.de, { exact: true }).check();
    await form.getByRole('button', { name: billing.save!.de }).click();
    await expect(toast(page, billing.saved!.de)).toBeVisible();
    await expect(form.getByLabel(billing.vatId!.de, { exact: true })).toHaveValue('DE123456789');
    await expectNoAxeViolations(page, '/profile (billing details, dark, 360 px)', '#billing');

    const stored = await request.get(`/rest/collection/person/${customer.oid}/billing`, {
      headers: { Authorization: `Bearer ${(await apiLogin(request, customer)).token}` },
    });
    expect(await stored.json()).toMatchObject({ name: 'Billing GmbH', country: 'DE', wantsXml: true });
  });

  test('an admin fills the seller settings on the console page "Abrechnung"', async ({ page, request }) => {
    await preset(page, { session: await apiLogin(request, 'admin') });
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: admin.navLabel!.de })
      .getByRole('link', { name: admin.navBilling!.de })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: billing.sellerTitle!.de })).toBeVisible();
    const form = page.getByRole('form', { name: billing.sellerTitle!.de });
    await form.getByLabel(billing.sellerCompany!.de, { exact: true }).fill('Anbieter GmbH');
    await form.getByLabel(billing.street!.de, { exact: true }).fill('Am Markt 2');
    await form.getByLabel(billing.postcode!.de, { exact: true }).fill('10115');
    await form.getByLabel(billing.city!.de, { exact: true }).fill('Berlin');
    await form.getByLabel(billing.country!.de, { exact: true }).selectOption('DE');
    await form.getByLabel(billing.vatId!.de, { exact: true }).fill('DE987654321');
    await form.getByLabel(billing.iban_label!.de, { exact: true }).fill('DE89 3704 0044 0532 0130 00');
    await form.getByLabel(billing.senderEmail!.de, { exact: true }).fill('rechnungen@example.com');
    await form.getByRole('button', { name: billing.sellerSave!.de }).click();
    await expect(toast(page, billing.sellerSaved!.de)).toBeVisible();
    await expect(form.getByLabel(billing.iban_label!.de, { exact: true })).toHaveValue('DE89370400440532013000');
    await expectNoAxeViolations(page, '/admin/billing');
  });
});
