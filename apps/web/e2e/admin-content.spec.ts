import { expect, expectNoAxeViolations, preset, randomId, test, toast } from './fixtures';
import { shippedTexts } from './translations';

// The admin console's content areas (docs/admin.md#content): an admin edits a text, a price
// package and a contact request in the browser, and sees the first two on the public pages.
// Demo data that other journeys read is put back at the end of each test.

const content = shippedTexts('AdminContent');
const priceTexts = shippedTexts('Price');
const de = (key: string) => content[key]!.de;
const en = (key: string) => content[key]!.en;

test.describe('admin content', () => {
  test('an admin edits a text and sees it on the public page at once', async ({ page, browser, request, adminSession }) => {
    const shipped = priceTexts.contactText!;
    const edited = `Schreib uns: wir beraten dich gern (${randomId('t')}).`;
    try {
      await preset(page, { session: adminSession });
      // The public page first, so the app holds the old text when the admin changes it.
      await page.goto('/price');
      await expect(page.getByText(shipped.de)).toBeVisible();

      await page.goto('/admin/texts');
      await expect(page.getByRole('heading', { level: 1, name: de('textsTitle') })).toBeVisible();
      await page.getByLabel(de('textsNamespace')).selectOption('Price');
      await page.getByRole('searchbox', { name: de('textsSearch') }).fill('contactText');
      await page.getByRole('button', { name: de('search') }).click();
      const row = page.getByRole('form', { name: 'Price.contactText' });
      await expect(row).toBeVisible();
      await expectNoAxeViolations(page, '/admin/texts');
      const german = row.getByLabel(de('german'));
      await german.fill('');
      await row.getByRole('button', { name: de('save') }).click();
      // Refused in the browser (German is required), nothing sent, what was typed stays.
      await expect(row.getByRole('alert')).toBeVisible();
      await german.fill(edited);
      await row.getByRole('button', { name: de('save') }).click();
      await expect(toast(page, 'Price.contactText')).toBeVisible();
      await expect(row.getByText(de('textsCustomised'))).toBeVisible();

      // In the same app (its copy of the namespace was reloaded) and in a fresh visit.
      await page.getByRole('link', { name: /Preise|Prices/ }).first().click();
      await expect(page.getByText(edited)).toBeVisible();
      const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const visitor = await fresh.newPage();
      await visitor.goto('/price');
      await expect(visitor.getByText(edited)).toBeVisible();
      await fresh.close();
    } finally {
      const restored = await request.patch('/rest/collection/admin/translation/Price.contactText', {
        headers: { authorization: `Bearer ${adminSession.token}` },
        data: { de: shipped.de, en: shipped.en },
      });
      expect(restored.status()).toBe(200);
    }
  });

  test('an admin edits a price package and sees it on /price at once', async ({ page, request, adminSession }) => {
    const auth = { authorization: `Bearer ${adminSession.token}` };
    const before = await request.get('/rest/collection/admin/price_package/business', { headers: auth });
    expect(before.status()).toBe(200);
    const original = (await before.json()) as { grossMonthlyCents: number; name: { de: string } };
    try {
      await preset(page, { session: adminSession });
      await page.goto('/price');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: original.name.de }) });
      await expect(card).toContainText('49.00 €');

      await page.goto('/admin/prices');
      await expect(page.getByRole('heading', { level: 1, name: de('pricesTitle') })).toBeVisible();
      await expectNoAxeViolations(page, '/admin/prices');
      await page.getByRole('button', { name: `${original.name.de} bearbeiten` }).click();
      const price = page.getByLabel(de('priceNet'));
      await expect(price).toHaveValue('49,00');
      await price.fill('59,5x');
      await page.getByRole('button', { name: de('save'), exact: true }).click();
      await expect(page.getByText(shippedTexts('Admin').fieldInvalid!.de)).toBeVisible();
      await expectNoAxeViolations(page, '/admin/prices (form with an error)');
      // Leaving with unsaved changes asks first; staying keeps what was typed.
      await page.getByRole('link', { name: /Texte/ }).first().click();
      const leave = page.getByRole('alertdialog');
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: shippedTexts('Admin').unsavedStay!.de }).click();
      // Typing goes on once the question is gone (while it is open, focus stays inside it).
      await expect(leave).toBeHidden();
      await expect(price).toHaveValue('59,5x');
      await price.fill('59,50');
      await page.getByRole('button', { name: de('save'), exact: true }).click();
      await expect(toast(page, de('saved'))).toBeVisible();
      await expect(page.getByText('59.50 €', { exact: false })).toBeVisible();

      await page.getByRole('link', { name: /Preise/ }).first().click();
      await expect(page).toHaveURL(/\/price$/);
      await expect(card).toContainText('59.50 €');
    } finally {
      const restored = await request.patch('/rest/collection/admin/price_package/business', {
        headers: auth,
        data: { grossMonthlyCents: original.grossMonthlyCents },
      });
      expect(restored.status()).toBe(200);
    }
  });

  test('an admin marks a contact request done; the screens work in dark, in English and at 360 px', async ({
    page,
    browser,
    request,
    adminSession,
  }) => {
    // Four screens twice on a busy machine.
    test.setTimeout(120_000);
    const firstname = randomId('Kontakt');
    const sent = await request.post('/rest/collection/contactform/send', {
      form: { firstname, subname: 'Tester', email: `${firstname.toLowerCase()}@example.com`, terms: 'true', message: 'Bitte um Rückruf.' },
    });
    expect(sent.status()).toBe(200);

    await preset(page, { session: adminSession });
    await page.goto('/admin/contact');
    await expect(page.getByRole('heading', { level: 1, name: de('contactTitle') })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${firstname} Tester` }) });
    await expect(card).toContainText(de('state_new'));
    await expect(card).toContainText('Bitte um Rückruf.');
    await expectNoAxeViolations(page, '/admin/contact');
    await card.getByLabel(de('contactNote')).fill('Am Montag angerufen.');
    await card.getByRole('button', { name: de('contactMarkDone') }).click();
    await expect(toast(page, de('contactSaved'))).toBeVisible();
    await expect(card.getByText(de('state_done'), { exact: true }).first()).toBeVisible();
    await page.reload();
    const after = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${firstname} Tester` }) });
    await expect(after.getByLabel(de('contactNote'))).toHaveValue('Am Montag angerufen.');
    await expect(after.getByLabel(de('contactState'))).toHaveValue('done');

    // Dark and English, then a 360 px phone: every content screen axe-clean, nothing wider than the screen.
    const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 360, height: 780 } });
    const dark = await phone.newPage();
    await preset(dark, { session: adminSession, theme: 'dark', language: 'en' });
    for (const [path, title] of [
      ['/admin/prices', en('pricesTitle')],
      ['/admin/legal', en('legalTitle')],
      ['/admin/texts', en('textsTitle')],
      ['/admin/contact', en('contactTitle')],
    ] as const) {
      await dark.goto(path);
      await expect(dark.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectNoAxeViolations(dark, `${path} dark, English, 360 px`);
      expect(await dark.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await phone.close();
  });
});
