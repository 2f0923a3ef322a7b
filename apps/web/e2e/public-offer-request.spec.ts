import { randomId, de, expect, expectNoAxeViolations, preset, test } from './fixtures';
import { shippedTexts } from './translations';

// "Request an offer" on the price page: the visitor can name a package and write a message, and
// the admin sees that it is an offer, for which package, and what was written. The server
// allows 5 contact requests per address in 10 minutes: this file sends 1.
const price = shippedTexts('Price');
const modal = shippedTexts('Modal');
const form = shippedTexts('Form');
const admin = shippedTexts('AdminContent');

test.describe('offer request from the price page', () => {
  test.describe.configure({ timeout: 90_000 });

  test('package and message reach the admin console as an offer request', async ({ page, adminSession }) => {
    const firstname = randomId('Angebot');
    await page.goto('/price');
    await page.getByRole('button', { name: de(price, 'contactButton') }).click();
    const dialog = page.getByRole('dialog', { name: de(modal, 'offerTitle') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(de(form, 'requiredNote'))).toBeVisible();

    await dialog.getByRole('textbox', { name: de(form, 'firstname'), exact: true }).fill(firstname);
    await dialog.getByRole('textbox', { name: de(form, 'lastname'), exact: true }).fill('Tester');
    await dialog
      .getByRole('textbox', { name: de(form, 'email'), exact: true })
      .fill(`${firstname.toLowerCase()}@example.com`);
    const submit = dialog.getByRole('button', { name: de(modal, 'contactSubmit') });
    await expect(submit).toHaveAccessibleDescription(
      de(form, 'missingFields', { fields: de(form, 'termsShort') }),
    );
    await dialog.getByRole('checkbox').check();
    await dialog
      .getByRole('combobox', { name: de(modal, 'offerPackage') })
      .selectOption({ label: 'Professional' });
    await dialog
      .getByRole('textbox', { name: de(modal, 'contactMessage') })
      .fill('Etwa sechs Millionen Aufrufe im Monat.');
    await expectNoAxeViolations(page, 'offer request dialog');
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Danke! Wir haben deine Anfrage erhalten')).toBeVisible();

    await preset(page, { session: adminSession });
    await page.goto('/admin/contact');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `${firstname} Tester` }) });
    await expect(card).toContainText(de(admin, 'contactTopicOffer'));
    await expect(card).toContainText(de(admin, 'contactPackage', { name: 'Professional' }));
    await expect(card).toContainText('Etwa sechs Millionen Aufrufe im Monat.');
    await expect(card).not.toContainText(de(admin, 'contactNoMessage'));
  });
});
