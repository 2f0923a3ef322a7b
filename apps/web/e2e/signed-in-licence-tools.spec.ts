import { readFile } from 'node:fs/promises';
import { de, expect, expectNoAxeViolations, preset, test, toast, withDatabase } from './fixtures';
import { shippedTexts } from './translations';

const licenceTexts = shippedTexts('Licence');
const detail = shippedTexts('ProjectDetail');

/** 'YYYY-MM-DD' of the machine's local today plus `days` (the browser counts periods from it too). */
function localDay(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test.describe('licence tools (signed in)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('rotate the key → the code shows the new one; CSV of the chosen period; alert threshold; project costs', async ({
    page,
    customers,
  }) => {
    const { session, project, path } = await customers.withProject({
      name: 'Werkzeugkiste',
      description: 'Lizenzwerkzeuge im Browser.',
      serviceIds: ['adressvalidierung'],
    });
    const licenceId = project.licences[0]!.id;
    // Usage yesterday and 40 days ago: the 30-day period holds the first only.
    await withDatabase((db) =>
      db
        .insertInto('usageDaily')
        .values([
          { licenceId, day: localDay(-1), count: 1234 },
          { licenceId, day: localDay(-40), count: 999 },
        ])
        .execute(),
    );
    await preset(page, { session });
    await page.goto(`${path}/adressvalidierung-${licenceId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Adressvalidierung' })).toBeVisible();

    // Rotate the key: the dialog explains the grace period; the code shows the new key at once.
    const keyBefore = (await page.getByTestId('licence-key').textContent())!.trim();
    expect(keyBefore).toMatch(/^lk_/);
    const code = page.getByRole('region', { name: de(licenceTexts, 'integrationTitle') });
    await expect(code).toContainText(keyBefore);
    await page.getByRole('button', { name: de(licenceTexts, 'menu') }).click();
    await page.getByRole('menuitem', { name: de(licenceTexts, 'rotateKey') }).click();
    const dialog = page.getByRole('alertdialog', { name: de(licenceTexts, 'rotateKeyTitle') });
    await expect(dialog).toContainText('24 Stunden');
    await expectNoAxeViolations(page, 'rotate key dialog');
    await dialog.getByRole('button', { name: de(licenceTexts, 'rotateKeyConfirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Neuer Schlüssel erstellt')).toBeVisible();
    await expect(page.getByTestId('licence-key')).not.toHaveText(keyBefore);
    const keyAfter = (await page.getByTestId('licence-key').textContent())!.trim();
    expect(keyAfter).toMatch(/^lk_/);
    await expect(code).toContainText(keyAfter);
    await expect(code).not.toContainText(keyBefore);
    await expect(page.getByText(/Der vorherige Schlüssel funktioniert noch bis/)).toBeVisible();
    // Focus is back on the menu button.
    await expect(page.getByRole('button', { name: de(licenceTexts, 'menu') })).toBeFocused();

    // The CSV of the chosen period (30 days): every day, the counted one with its calls.
    await page.getByText(de(licenceTexts, 'period30'), { exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: de(licenceTexts, 'downloadCsv') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`usage-${licenceId}-${localDay(-29)}-${localDay()}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('day,calls');
    expect(lines).toHaveLength(31);
    expect(lines).toContain(`${localDay(-1)},1234`);
    expect(csv).not.toContain('999');

    // The alert threshold: a bad value is refused in place, a good one is shown with this month's calls.
    const threshold = page.getByLabel(de(licenceTexts, 'alertLabel'));
    const alertCard = page.getByRole('region', { name: de(licenceTexts, 'alertTitle') });
    await threshold.fill('0');
    await alertCard.getByRole('button', { name: de(licenceTexts, 'save') }).click();
    await expect(alertCard.getByRole('alert')).toHaveText(de(licenceTexts, 'alertInvalid'));
    await threshold.fill('10.000');
    await alertCard.getByRole('button', { name: de(licenceTexts, 'save') }).click();
    await expect(toast(page, de(licenceTexts, 'alertSaved'))).toBeVisible();
    await expect(page.getByTestId('alert-usage')).toHaveText(/von 10\.000 Aufrufen in diesem Monat$/);
    await expectNoAxeViolations(page, 'licence with the licence tools');
    await page.reload();
    await expect(page.getByLabel(de(licenceTexts, 'alertLabel'))).toHaveValue('10000');
    await expect(page.getByTestId('alert-usage')).toHaveText(/von 10\.000 Aufrufen in diesem Monat$/);

    // The project page: this month's and last month's costs, formatted as in the admin report.
    await page.goto(path);
    const costs = page.getByRole('region', { name: de(detail, 'costsTitle') });
    await expect(costs.getByRole('group', { name: de(detail, 'costsThisMonth') })).toContainText(
      /\d+\.\d{2} €/,
    );
    await expect(costs.getByRole('group', { name: de(detail, 'costsLastMonth') })).toContainText(
      /\d+\.\d{2} €/,
    );
    await expectNoAxeViolations(page, 'project with costs');
  });
});
