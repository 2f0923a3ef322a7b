import { expect, preset, randomId, test } from './fixtures';
import { shippedTexts } from './translations';

// The API reference with an account (docs/admin.md#api-reference, docs/domain.md#api-reference):
// an admin stores a new version and publishes it; a customer picks their licence in the try-it
// panel and gets the example answer with their own key.

const admin = shippedTexts('AdminServices');
const reference = shippedTexts('ApiReference');

const document = (summary: string) => `openapi: 3.1.0
info:
  title: Bankdaten-Prüfung API
  version: 9.0.0
servers:
  - url: https://api.example-webservices.de/bank/v9
security:
  - licenceKey: []
paths:
  /iban/check:
    post:
      summary: ${summary}
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [iban]
              properties:
                iban: { type: string }
            example: { iban: DE89370400440532013000 }
      responses:
        '200':
          description: Ergebnis
          content:
            application/json:
              example: { valid: true, bankName: Testbank }
components:
  securitySchemes:
    licenceKey: { type: apiKey, in: header, name: X-Api-Key }
`;

test.describe('API reference (signed in)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin stores a new version, sees the problems of a bad one, and publishes it', async ({ page, adminSession }) => {
    await preset(page, { session: adminSession });
    await page.goto('/admin/services/bankdatenPruefung');
    await page.getByRole('tab', { name: admin.tabApi!.de }).click();
    const versions = page.getByTestId('api-version');
    await expect(versions).toHaveCount(1);
    await expect(versions.first()).toContainText(admin.apiCurrent!.de);

    const form = page.getByRole('form', { name: admin.apiNewTitle!.de });
    // A reference to another file is refused, with the place named.
    await form.getByLabel(admin.apiDocumentDe!.de).fill(`${document('IBAN prüfen')}    Extern:\n      $ref: 'https://example.com/a.json'\n`);
    await form.getByLabel(admin.apiVersion!.de).fill(randomId('v'));
    await form.getByRole('button', { name: admin.apiStore!.de }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'https://example.com/a.json' })).toBeVisible();

    await form.getByLabel(admin.apiDocumentDe!.de).fill(document('IBAN live prüfen'));
    await form.getByLabel(admin.apiNotesDe!.de).fill('Neue Prüfung');
    await form.getByLabel(admin.apiNotesEn!.de).fill('New check');
    await form.getByRole('button', { name: admin.apiStore!.de }).click();
    await expect(versions).toHaveCount(2);
    await versions.first().getByRole('button', { name: admin.apiPublish!.de }).click();
    await expect(versions.first()).toContainText(admin.apiCurrent!.de);

    await page.getByRole('link', { name: admin.apiOpenPublic!.de }).click();
    await expect(page.getByText('IBAN live prüfen').first()).toBeVisible();
    await expect(page.getByText('Neue Prüfung')).toBeVisible();
  });

  test('a customer picks their licence in try-it and gets the example answer with their key', async ({ page, customers }) => {
    const { session, project } = await customers.withProject({
      name: 'API-Test',
      description: 'Ausprobieren mit eigenem Schlüssel.',
      serviceIds: ['geokodierung'],
    });
    await preset(page, { session });
    await page.goto('/services/geokodierung-geokodierung/api');
    const geocode = page.locator('section#get-geocode');
    await geocode.getByRole('button', { name: reference.tryIt!.de }).click();
    const panel = geocode.getByRole('form', { name: reference.tryTitle!.de });
    await panel.getByLabel(reference.tryLicence!.de).selectOption({ label: project.name });
    await expect(panel.getByText(reference.tryKeyChosen!.de)).toBeVisible();
    const key = (await panel.locator('code').first().textContent())!.trim();
    expect(key).toMatch(/^lk_/);
    // The code samples carry the chosen key too (in the query, as this document says).
    await expect(geocode.getByText(`key=${key}`).first()).toBeVisible();

    const answer = page.waitForResponse((r) => r.url().includes('/rest/mock/geokodierung/geocode'));
    await panel.getByRole('button', { name: reference.trySend!.de }).click();
    const response = await answer;
    expect(new URL(response.url()).searchParams.get('key')).toBe(key);
    await expect(panel.getByTestId('try-status')).toHaveText('200');
    await expect(panel.getByTestId('try-body')).toContainText('"lat": 52.5169');
  });
});
