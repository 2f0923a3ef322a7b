import type { Page } from '@playwright/test';
import { expect, preset, test } from './fixtures';
import { shippedTexts } from './translations';

// The server allows 5 contact requests per address in 10 minutes: this file sends 2 real ones.
const footer = shippedTexts('Footer');
const modal = shippedTexts('Modal');
const form = shippedTexts('Form');

async function openContact(page: Page, language: 'de' | 'en') {
  await page.getByRole('contentinfo').getByRole('button', { name: footer.ctaButton![language] }).click();
  const dialog = page.getByRole('dialog', { name: modal.contactTitle![language] });
  await expect(dialog).toBeVisible();
  return {
    dialog,
    firstname: dialog.getByRole('textbox', { name: form.firstname![language] }),
    lastname: dialog.getByRole('textbox', { name: form.lastname![language] }),
    email: dialog.getByRole('textbox', { name: form.email![language] }),
    // The label's text, its link markup taken out.
    terms: dialog.getByRole('checkbox', { name: form.terms![language].replace(/<\/?privacy>/g, '') }),
    submit: dialog.getByRole('button', { name: modal.contactSubmit![language] }),
  };
}

test.describe('contact modal', () => {
  test('submit stays disabled until everything is filled; success closes with a notice', async ({ page }) => {
    await page.goto('/services');
    const contact = await openContact(page, 'de');
    await expect(contact.email).toHaveAttribute('type', 'email');
    await expect(contact.submit).toBeDisabled();
    // The privacy policy the consent names is a link to it (a new tab keeps the form).
    const privacy = contact.dialog.getByRole('link', { name: 'Datenschutzerklärung' });
    await expect(privacy).toHaveAttribute('href', '/rechtliches/datenschutz');
    await expect(privacy).toHaveAttribute('target', '_blank');
    await contact.firstname.fill('Erika');
    await contact.lastname.fill('Musterfrau');
    await expect(contact.submit).toBeDisabled();
    await contact.email.fill('erika@example.com');
    await expect(contact.submit).toBeDisabled();
    await contact.terms.check();
    await expect(contact.submit).toBeEnabled();
    await contact.firstname.fill('  ');
    await expect(contact.submit).toBeDisabled();
    await contact.firstname.fill('Erika');

    const sent = page.waitForRequest((r) => r.url().endsWith('/rest/collection/contactform/send'));
    await contact.submit.click();
    const body = new URLSearchParams((await sent).postData() ?? '');
    expect(Object.fromEntries(body)).toEqual({
      firstname: 'Erika',
      subname: 'Musterfrau',
      email: 'erika@example.com',
      terms: 'true',
    });
    await expect(contact.dialog).toBeHidden();
    await expect(page.getByText('Danke! Wir haben deine Anfrage erhalten')).toBeVisible();
  });

  test('an invalid email is caught in the form (English)', async ({ page }) => {
    await preset(page, { language: 'en' });
    await page.goto('/price');
    const contact = await openContact(page, 'en');
    await contact.firstname.fill('John');
    await contact.lastname.fill('Doe');
    await contact.email.fill('john.doe');
    await contact.terms.check();
    await contact.submit.click();
    await expect(contact.email).toHaveAccessibleDescription(shippedTexts('Error').invalidEmail!.en);
    await expect(contact.dialog).toBeVisible();
  });

  test('a refusal shows the server message in the modal', async ({ page }) => {
    await preset(page, { language: 'en' });
    await page.goto('/services');
    const contact = await openContact(page, 'en');
    await contact.firstname.fill('John');
    await contact.lastname.fill('Doe');
    // Accepted by the browser's email check, refused by the server's.
    await contact.email.fill('john@localhost');
    await contact.terms.check();
    await contact.submit.click();
    await expect(contact.dialog.getByRole('alert')).toHaveText(
      'Please fill in first name, last name and a valid email address and accept the terms.',
    );
    await expect(contact.dialog).toBeVisible();
  });
});
