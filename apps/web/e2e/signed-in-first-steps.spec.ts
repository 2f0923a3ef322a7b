import { de, expect, preset, test } from './fixtures';
import { shippedTexts } from './translations';

// What a new customer trips on in the first minutes (issue "Users"): a form that says what it
// still needs, a domain refused with its real reason, a stray tap that does not throw the typing
// away, prices before a paid service is added and costs that count it at once, and no usage
// alert for a flat fee.

const projectsTexts = shippedTexts('Projects');
const detail = shippedTexts('ProjectDetail');
const licenceTexts = shippedTexts('Licence');
const modal = shippedTexts('Modal');
const form = shippedTexts('Form');

test.describe('first steps of a new customer', () => {
  test.describe.configure({ timeout: 90_000 });

  test('create a project: required fields marked, what is missing named, the real reason a domain is refused', async ({
    page,
    customers,
  }) => {
    const { session } = await customers.signedIn();
    await preset(page, { session });
    await page.goto('/projects');
    await page
      .getByRole('button', { name: de(projectsTexts, 'create') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: de(modal, 'createProjectTitle') });
    const name = dialog.getByRole('textbox', { name: de(form, 'projectName'), exact: true });
    const description = dialog.getByRole('textbox', { name: de(form, 'projectDescription'), exact: true });
    const submit = dialog.getByRole('button', { name: de(modal, 'create'), exact: true });

    await expect(dialog.getByText(de(form, 'requiredNote'))).toBeVisible();
    await expect(name).toHaveAttribute('aria-required', 'true');
    await expect(description).toHaveAttribute('aria-required', 'true');
    // The * beside the label (outside it: the label's text stays the field's name).
    await expect(
      dialog.locator('label', { hasText: de(form, 'projectDescription') }).locator('..'),
    ).toHaveText(`${de(form, 'projectDescription')}*`);

    await name.fill('Shop');
    await expect(submit).toBeDisabled();
    const missing = de(form, 'missingFields', { fields: de(form, 'projectDescription') });
    await expect(dialog.getByText(missing)).toBeVisible();
    await expect(submit).toHaveAccessibleDescription(missing);

    await description.fill('Unser Shop');
    await expect(dialog.getByText(missing)).toBeHidden();
    await expect(submit).toBeEnabled();

    const firstRow = dialog.getByRole('textbox', {
      name: `${de(form, 'domainsProduction')}, Zeile 1`,
      exact: true,
    });
    await firstRow.fill('example..com');
    await submit.click();
    await expect(dialog.getByText(de(projectsTexts, 'hostEmptyLabel'))).toBeVisible();
    await expect(dialog.getByText(/https:\/\//)).toHaveCount(0);
    await expect(dialog).toBeVisible();

    // And the server says the same when asked directly.
    const refused = await page.request.post('/rest/collection/project', {
      headers: {
        Authorization: `Bearer ${session.token}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      data: `projectOwner=${session.oid}&name=x&description=y&domainsProduction[]=example..com`,
    });
    expect(refused.status()).toBe(400);
    const body = (await refused.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields['domainsProduction.0']).toBe(de(projectsTexts, 'hostEmptyLabel'));
  });

  test('add a paid service: the picker shows its price, the costs count it at once; no usage alert for a flat fee', async ({
    page,
    customers,
  }) => {
    const { session, path } = await customers.withProject({
      name: 'Kosten',
      description: 'Kosten sofort sehen.',
    });
    await preset(page, { session });
    await page.goto(path);
    const thisMonth = page.getByRole('group', { name: de(detail, 'costsThisMonth') });
    await expect(thisMonth.locator('p.text-3xl')).toHaveText('0.00 €');

    await page
      .getByRole('button', { name: de(detail, 'addServices') })
      .first()
      .click();
    const picker = page.getByRole('dialog', { name: de(modal, 'addServicesTitle') });
    const companyData = picker.getByRole('checkbox', { name: /Firmendaten-API/ });
    await expect(companyData).toHaveAccessibleName(/49\.00 € im Monat · 99\.00 € einmalig/);
    await expect(picker.getByRole('checkbox', { name: /Adressvalidierung/ })).toHaveAccessibleName(
      /2\.50 € pro 1\.000 Aufrufe/,
    );
    await companyData.check();
    await picker.getByRole('button', { name: de(detail, 'addSelected_one', { count: '1' }) }).click();
    await expect(picker).toBeHidden();
    // No reload: the monthly fee and the one-off payment count this month.
    await expect(thisMonth.locator('p.text-3xl')).toHaveText('148.00 €');

    await page.getByRole('link', { name: 'Firmendaten-API' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Firmendaten-API' })).toBeVisible();
    await expect(page.getByText(de(licenceTexts, 'monthlyNote'))).toBeVisible();
    await expect(
      page.getByRole('heading', { name: de(licenceTexts, 'integrationSection'), exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: de(licenceTexts, 'alertTitle') })).toHaveCount(0);
  });
});

test.describe('a form dialog on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a tap beside the new-project dialog asks before discarding what was typed; Escape the same', async ({
    page,
    customers,
  }) => {
    const { session } = await customers.signedIn();
    await preset(page, { session });
    await page.goto('/projects');
    const open = page.getByRole('button', { name: de(projectsTexts, 'create') }).first();
    const dialog = page.getByRole('dialog', { name: de(modal, 'createProjectTitle') });
    const question = page.getByRole('alertdialog', { name: de(modal, 'discardTitle') });

    // Nothing typed: a tap beside it just closes it.
    await open.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, 8);
    await expect(dialog).toBeHidden();
    await expect(question).toHaveCount(0);

    await open.click();
    const name = dialog.getByRole('textbox', { name: de(form, 'projectName'), exact: true });
    await name.fill('Halb fertig');
    await page.mouse.click(8, 8);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: de(modal, 'discardKeep') }).click();
    await expect(question).toBeHidden();
    await expect(name).toHaveValue('Halb fertig');

    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: de(modal, 'discardConfirm') }).click();
    await expect(dialog).toBeHidden();

    // Cancel is deliberate: no question.
    await open.click();
    await dialog.getByRole('textbox', { name: de(form, 'projectName'), exact: true }).fill('Wieder weg');
    await dialog.getByRole('button', { name: de(modal, 'cancel') }).click();
    await expect(dialog).toBeHidden();
    await expect(question).toHaveCount(0);
  });
});
