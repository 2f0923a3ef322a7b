import { expect, expectNoAxeViolations, preset, randomId, smallPng, test, toast } from './fixtures';
import { shippedTexts } from './translations';

// The admin console's services (docs/admin.md#services): an admin creates a service with a
// price and a gallery picture in the browser and finds it in the public catalogue in both
// languages at once, and the writes in the audit log. The service is retired at the end, so
// the other journeys see the demo catalogue as before.

const texts = shippedTexts('AdminServices');
const adminTexts = shippedTexts('Admin');
const de = (key: string) => texts[key]!.de;

test.describe('admin services', () => {
  test('an admin creates a service with a price and a gallery picture and sees it in the catalogue', async ({
    page,
    request,
    adminSession,
  }) => {
    // A long journey on a busy two-core machine: form, upload, two visitors, the audit log.
    test.setTimeout(150_000);
    const auth = { authorization: `Bearer ${adminSession.token}` };
    const id = randomId('svc').replace(/[^A-Za-z0-9]/g, '');
    const nameDe = `Wetterdienst ${id}`;
    const nameEn = `Weather service ${id}`;
    try {
      await preset(page, { session: adminSession, language: 'de' });
      await page.goto('/admin/services');
      await expect(page.getByRole('heading', { level: 1, name: de('title') })).toBeVisible();
      await expectNoAxeViolations(page, '/admin/services');
      await page.getByRole('link', { name: de('new') }).click();
      await expect(page.getByRole('heading', { level: 1, name: de('newTitle') })).toBeVisible();

      // Refused in the browser first: required fields, a price that is no amount.
      await page.getByLabel(de('id'), { exact: true }).fill(id);
      await page.getByLabel(de('category')).fill('wetter');
      await page.getByLabel(de('pricePer1000Calls')).fill('1,5x');
      await page.getByRole('button', { name: de('create') }).click();
      await expect(page.getByText(adminTexts.fieldInvalid!.de).first()).toBeVisible();
      await expect(page.getByText(adminTexts.fieldRequired!.de).first()).toBeVisible();
      await expectNoAxeViolations(page, '/admin/services/new (with errors)');

      // Both languages, in their tabs; nothing typed so far was lost.
      await expect(page.getByLabel(de('id'), { exact: true })).toHaveValue(id);
      await page.getByLabel(de('name_de')).fill(nameDe);
      await page.getByLabel(de('descriptionShort_de')).fill('Das Wetter für jede Postleitzahl.');
      await page.getByLabel(de('description_de')).fill('<p>Vorhersagen <strong>stündlich</strong>.</p><script>alert(1)</script>');
      await page.getByRole('tab', { name: de('languageEn') }).click();
      await page.getByLabel(de('name_en')).fill(nameEn);
      await page.getByLabel(de('descriptionShort_en')).fill('The weather for every postcode.');
      await page.getByLabel(de('pricePer1000Calls')).fill('1,50');
      await page.getByLabel(de('monthlyFee')).fill('9,90');
      const template = page.getByRole('textbox', { name: de('templateFrontend') });
      await template.fill('<script src="https://wetter.example.com/w.js" data-key="{{licenceKey}}"></script>');
      // The live preview shows the code as the licence page will, with an example key.
      await expect(page.getByRole('region', { name: `${de('preview')}: ${de('templateFrontend')}` })).toContainText('lk_Beispiel');
      await page.getByRole('button', { name: de('sectionAdd') }).click();
      await page.getByLabel(de('sectionLabelDe')).fill('Allgemein');
      await page.getByLabel(de('sectionLabelEn')).fill('General');
      await page.getByRole('button', { name: de('fieldAdd') }).click();
      await page.getByLabel('Bezeichnung von Feld 1 (Deutsch)').fill('Ort');
      await page.getByLabel('Bezeichnung von Feld 1 (Englisch)').fill('Place');
      await page.getByRole('button', { name: de('create') }).click();
      await expect(toast(page, de('saved'))).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/admin/services/${id}$`));
      await expect(page.getByRole('heading', { level: 1, name: nameDe })).toBeVisible();

      // A gallery picture, re-encoded by the server.
      const gallery = page.getByRole('region', { name: de('gallery') });
      await gallery.getByLabel(de('imageNameDe')).last().fill('Karte');
      await gallery.getByLabel(de('imageNameEn')).last().fill('Map');
      await gallery.locator('input[type="file"]').setInputFiles({ name: 'karte.png', mimeType: 'image/png', buffer: smallPng });
      await gallery.getByRole('button', { name: de('uploadImage') }).click();
      await expect(gallery.getByRole('img', { name: 'Karte' })).toBeVisible();
      await expectNoAxeViolations(page, '/admin/services/{id}');

      // What the API now holds: the cleaned description, the price in cents, the picture.
      const stored = await request.get(`/rest/collection/admin/service/${id}`, { headers: auth });
      const service = (await stored.json()) as {
        description: { de: string };
        pricePer1000CallsCents: number;
        monthlyFeeCents: number;
        gallery: unknown[];
      };
      expect(service.description.de).toBe('<p>Vorhersagen <strong>stündlich</strong>.</p>');
      expect(service.pricePer1000CallsCents).toBe(150);
      expect(service.monthlyFeeCents).toBe(990);
      expect(service.gallery).toHaveLength(1);

      // Visitors see it at once, in German and in English, with its price and picture.
      const visitor = await page.context().browser()!.newPage();
      await preset(visitor, { language: 'de' });
      await visitor.goto(page.url().replace(/\/admin.*$/, '/services'));
      await expect(visitor.getByText(nameDe)).toBeVisible();
      await visitor.getByText(nameDe).click();
      await expect(visitor.getByRole('heading', { level: 1, name: nameDe })).toBeVisible();
      await expect(visitor.getByText('Vorhersagen')).toBeVisible();
      await expect(visitor.locator('img[src^="/rest/media/"]').first()).toBeVisible();
      await visitor.close();
      const english = await page.context().browser()!.newPage();
      await preset(english, { language: 'en' });
      await english.goto(page.url().replace(/\/admin.*$/, '/services'));
      await expect(english.getByText(nameEn)).toBeVisible();
      await english.close();

      // Each write is in the audit log, with the service's id.
      const audit = await request.get('/rest/collection/admin/audit?type=service&pageSize=100', { headers: auth });
      const entries = ((await audit.json()) as { items: Array<{ action: string; objectId: string }> }).items.filter(
        (entry) => entry.objectId === id,
      );
      expect(entries.map((entry) => entry.action).sort()).toEqual(['add-image', 'create']);
      await page.goto('/admin/audit');
      await expect(page.getByText(id).first()).toBeVisible();
    } finally {
      // Retired, so the demo catalogue that other journeys read is as before.
      const retired = await request.delete(`/rest/collection/admin/service/${id}`, { headers: auth });
      expect([204, 404]).toContain(retired.status());
    }
  });

  test('the service form at 360 px in the dark theme, in English, without overflow', async ({ page, adminSession }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await preset(page, { session: adminSession, language: 'en', theme: 'dark' });
    await page.goto('/admin/services');
    await expect(page.getByRole('heading', { level: 1, name: texts.title!.en })).toBeVisible();
    await page.getByRole('link', { name: texts.new!.en }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts.newTitle!.en })).toBeVisible();
    await page.getByRole('button', { name: texts.sectionAdd!.en }).click();
    await page.getByRole('button', { name: texts.fieldAdd!.en }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '/admin/services/new (360 px, dark, English)');
    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: texts.backToList!.en }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
  });
});
