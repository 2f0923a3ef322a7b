import type { Page } from '@playwright/test';
import { apiLogin, de, expect, expectNoAxeViolations, preset, projectPath, test, toast } from './fixtures';
import { shippedTexts } from './translations';

const projectsTexts = shippedTexts('Projects');
const detail = shippedTexts('ProjectDetail');
const licenceTexts = shippedTexts('Licence');
const modal = shippedTexts('Modal');
const form = shippedTexts('Form');
const card = shippedTexts('Card');
const notifications = shippedTexts('Notifications');
const errors = shippedTexts('Error');
const general = shippedTexts('General');
const notFound = shippedTexts('NotFound');

const domainRow = (page: Page, list: string, n: number) =>
  page.getByRole('textbox', { name: `${list}, Zeile ${n}`, exact: true });

test.describe('projects, licences (signed in)', () => {
  // Password hashing (argon2, 19 MiB) and axe take seconds on a busy two-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('create with domains → add two services → licence on/off, settings, copy → rename → remove → delete', async ({
    page,
    context,
    customers,
  }) => {
    // One long journey with seven axe runs; the machine is shared with the other suite.
    test.setTimeout(180_000);
    const { user, session } = await customers.signedIn();
    await preset(page, { session });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    // Empty state with a picture and the one create button.
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: de(projectsTexts, 'title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: de(projectsTexts, 'emptyTitle') })).toBeVisible();
    await expectNoAxeViolations(page, '/projects (empty)');

    // Create-project modal.
    await page.getByRole('button', { name: de(projectsTexts, 'create') }).click();
    const create = page.getByRole('dialog', { name: de(modal, 'createProjectTitle') });
    const submit = create.getByRole('button', { name: de(modal, 'create'), exact: true });
    await expect(submit).toBeDisabled();
    await create.getByLabel(de(form, 'projectName')).fill('Kundenportal Süd');
    await expect(submit).toBeDisabled();
    const description = create.getByLabel(de(form, 'projectDescription'));
    await expect(description).toHaveAttribute('rows', '3');
    await description.fill('Zeile 1\nZeile 2\nZeile 3\nZeile 4\nZeile 5\nZeile 6\nZeile 7');
    await expect(description).toHaveAttribute('rows', '5');
    await description.fill('Portal für die Kundschaft im Süden.');
    await expect(description).toHaveAttribute('rows', '3');
    await expect(submit).toBeEnabled();

    const production = de(form, 'domainsProduction');
    const sandbox = de(form, 'domainsSandbox');
    await expect(domainRow(page, production, 1)).toHaveAttribute('placeholder', 'www.example.com');
    await domainRow(page, production, 1).fill('shop.sued.example');
    await domainRow(page, production, 1).press('Enter');
    await expect(domainRow(page, production, 2)).toBeFocused();
    await page.keyboard.type('www.sued .example'); // the space is refused and explained
    await expect(domainRow(page, production, 2)).toHaveValue('www.sued.example');
    await expect(create.getByText(de(errors, 'noSpaces'))).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(domainRow(page, production, 3)).toBeFocused();
    await page.keyboard.press('Enter'); // Enter on an empty row adds nothing
    await expect(domainRow(page, production, 4)).toHaveCount(0);
    await page.keyboard.press('Backspace'); // Backspace on the empty last row removes it
    await expect(domainRow(page, production, 3)).toHaveCount(0);
    await expect(domainRow(page, production, 2)).toBeFocused();
    await domainRow(page, sandbox, 1).fill('test.sued.example');
    await domainRow(page, sandbox, 1).press('Enter'); // an empty row that must be dropped
    await expect(domainRow(page, sandbox, 2)).toBeFocused();
    await expectNoAxeViolations(page, 'create-project modal');
    await submit.click();

    // Creating goes to the new project.
    await expect(page).toHaveURL(/\/projects\/kundenportal-sued-[A-Za-z0-9]+$/);
    await expect(toast(page, de(notifications, 'projectCreated'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Kundenportal Süd' })).toBeVisible();
    await expect(page.getByText(`Erstellt von ${user.firstname} ${user.lastname}`)).toBeVisible();
    await expect(page.getByText('Portal für die Kundschaft im Süden.')).toBeVisible();
    for (const domain of ['shop.sued.example', 'www.sued.example', 'test.sued.example']) {
      await expect(page.getByText(domain, { exact: true })).toBeVisible();
    }
    const projectUrl = page.url();

    // Add two services; the modal then offers only the others.
    await page.getByRole('button', { name: de(detail, 'addServices') }).click();
    let add = page.getByRole('dialog', { name: de(modal, 'addServicesTitle') });
    const offered = add.getByRole('checkbox');
    await expect(offered.first()).toBeVisible();
    const offeredBefore = await offered.count();
    expect(offeredBefore).toBeGreaterThanOrEqual(6);
    await expect(add.getByRole('button', { name: de(detail, 'add'), exact: true })).toBeDisabled();
    await add.getByRole('checkbox', { name: /Captcha Pro/ }).check();
    await add.getByRole('checkbox', { name: /Firmendaten-API/ }).check();
    await expectNoAxeViolations(page, 'add-services modal');
    await add.getByRole('button', { name: '2 Services hinzufügen' }).click();
    await expect(add).toBeHidden();
    await expect(toast(page, '2 Services zum Projekt hinzugefügt')).toBeVisible();
    const services = page.getByRole('list', { name: /^Services \(\d+\)$/ });
    await expect(services.getByRole('listitem')).toHaveCount(2);
    const captchaCard = services.getByRole('listitem').filter({ hasText: 'Captcha Pro' });
    await expect(captchaCard).toContainText(`0${de(card, 'accountingRequest')}`);
    await expect(services.getByRole('listitem').filter({ hasText: 'Firmendaten-API' })).toContainText(
      de(card, 'accountingMonthly'),
    );
    await expectNoAxeViolations(page, 'project detail');

    await page.getByRole('button', { name: de(detail, 'addServices') }).click();
    add = page.getByRole('dialog', { name: de(modal, 'addServicesTitle') });
    await expect(add.getByRole('checkbox').first()).toBeVisible();
    await expect(add.getByRole('checkbox')).toHaveCount(offeredBefore - 2);
    await expect(add.getByRole('checkbox', { name: /Captcha Pro/ })).toHaveCount(0);
    await add.getByRole('button', { name: de(modal, 'cancel') }).click();

    // Open the licence.
    await captchaCard.getByRole('link', { name: 'Captcha Pro' }).click();
    await expect(page).toHaveURL(/\/projects\/kundenportal-sued-[A-Za-z0-9]+\/captcha-pro-[A-Za-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Captcha Pro' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: de(general, 'breadcrumb') });
    await expect(breadcrumb.getByRole('link', { name: 'Kundenportal Süd' })).toBeVisible();
    await expect(page.getByRole('heading', { name: de(licenceTexts, 'usageTitle') })).toBeVisible();
    await expect(page.getByTestId('usage-chart').locator('svg')).toBeVisible(); // the lazily loaded chart
    await expect(page.getByTestId('usage-chart')).toHaveCSS('height', '350px');
    await expectNoAxeViolations(page, 'licence, general tab');

    // Off and on again.
    const menu = page.getByRole('button', { name: de(licenceTexts, 'menu') });
    await menu.click();
    const online = page.getByRole('menuitemcheckbox', { name: new RegExp(de(licenceTexts, 'online')) });
    await expect(online).toHaveAttribute('aria-checked', 'true');
    await online.click();
    await expect(toast(page, de(notifications, 'serviceDeactivated'))).toBeVisible();
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(header.getByText(de(licenceTexts, 'inactive'), { exact: true })).toBeVisible();
    await menu.click();
    await expect(online).toHaveAttribute('aria-checked', 'false');
    await online.click();
    await expect(toast(page, de(notifications, 'serviceActivated'))).toBeVisible();
    await expect(header.getByText(de(licenceTexts, 'inactive'), { exact: true })).toHaveCount(0);

    // Copy the integration code: 'Kopiert', then back after 2 s.
    const integration = page.getByRole('region', { name: de(licenceTexts, 'integrationTitle') });
    const copy = integration.getByRole('button', { name: de(licenceTexts, 'copy') });
    await copy.click();
    await expect(integration.getByRole('button', { name: de(licenceTexts, 'copied') })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('captcha-pro');
    expect(copied).toBe(await integration.locator('pre').textContent());
    await expect(integration.getByRole('button', { name: de(licenceTexts, 'copy') })).toBeVisible();
    await expect(page.getByRole('region', { name: de(licenceTexts, 'backendTitle') })).toContainText('<?php');

    // Save settings.
    await page.getByRole('tab', { name: de(licenceTexts, 'tabSettings') }).click();
    await page.getByLabel('Sprache des Widgets (z. B. de, en oder auto)').fill('auto');
    await page.getByLabel('Eigenes CSS').fill('.captcha-pro { margin: 0; }');
    await expectNoAxeViolations(page, 'licence, settings tab');
    await page.getByRole('button', { name: de(licenceTexts, 'save') }).click();
    await expect(toast(page, de(notifications, 'dataSaved'))).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: de(licenceTexts, 'tabSettings') }).click();
    await expect(page.getByLabel('Sprache des Widgets (z. B. de, en oder auto)')).toHaveValue('auto');
    await expect(page.getByLabel('Eigenes CSS')).toHaveValue('.captcha-pro { margin: 0; }');

    // Rename: the address follows without a reload.
    await breadcrumb.getByRole('link', { name: 'Kundenportal Süd' }).click();
    await expect(page).toHaveURL(projectUrl);
    await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));
    await page.getByRole('button', { name: de(detail, 'menu') }).click();
    await page.getByRole('menuitem', { name: de(detail, 'editSettings') }).click();
    const settings = page.getByRole('dialog', { name: de(modal, 'projectSettingsTitle') });
    await expect(settings.getByLabel(de(form, 'projectName'))).toHaveValue('Kundenportal Süd');
    await expect(domainRow(page, production, 2)).toHaveValue('www.sued.example');
    await settings.getByLabel(de(form, 'projectName')).fill('');
    await expect(settings.getByRole('button', { name: de(modal, 'save') })).toBeDisabled();
    await settings.getByLabel(de(form, 'projectName')).fill('Kundenportal Nord');
    await expectNoAxeViolations(page, 'project settings modal');
    await settings.getByRole('button', { name: de(modal, 'save') }).click();
    await expect(toast(page, de(notifications, 'projectSaved'))).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/kundenportal-nord-[A-Za-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kundenportal Nord' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(
      true,
    );
    const renamedUrl = page.url();

    // Remove a service (the monthly one: no usage chart there).
    await page.getByRole('link', { name: 'Firmendaten-API' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Firmendaten-API' })).toBeVisible();
    await expect(page.getByText(de(licenceTexts, 'monthlyNote'))).toBeVisible();
    await expect(page.getByRole('heading', { name: de(licenceTexts, 'usageTitle') })).toHaveCount(0);
    await page.getByRole('button', { name: de(licenceTexts, 'menu') }).click();
    await page.getByRole('menuitem', { name: de(licenceTexts, 'remove') }).click();
    const confirmRemove = page.getByRole('alertdialog', { name: de(modal, 'removeServiceTitle') });
    await expectNoAxeViolations(page, 'remove-service confirmation');
    await confirmRemove.getByRole('button', { name: de(licenceTexts, 'remove') }).click();
    await expect(page).toHaveURL(renamedUrl);
    await expect(toast(page, de(notifications, 'serviceRemoved'))).toBeVisible();
    await expect(services.getByRole('listitem')).toHaveCount(1);
    await expect(services).not.toContainText('Firmendaten-API');

    // Delete the project.
    await page.getByRole('button', { name: de(detail, 'menu') }).click();
    await page.getByRole('menuitem', { name: de(detail, 'delete') }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: de(modal, 'deleteProjectTitle') });
    await expect(confirmDelete).toContainText('Kundenportal Nord');
    await confirmDelete.getByRole('button', { name: de(modal, 'delete') }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(toast(page, de(notifications, 'projectDeleted'))).toBeVisible();
    await expect(page.getByRole('heading', { name: de(projectsTexts, 'emptyTitle') })).toBeVisible();
  });

  test('the list shows the projects with their owner; a wrong name in the address is corrected', async ({
    page,
    customers,
  }) => {
    const { session, project, path } = await customers.withProject(
      {
        name: 'Bestellstrecke',
        description: 'Prüfung der Lieferadressen.',
        serviceIds: ['adressvalidierung'],
      },
      { firstname: 'Olaf', lastname: 'Owner' },
    );
    await preset(page, { session: session });
    await page.goto('/projects');
    const list = page.getByRole('list', { name: de(projectsTexts, 'listLabel') });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('von Olaf Owner');
    await expectNoAxeViolations(page, '/projects (list)');

    await page.goto(`/projects/alter-name-${project.id}`);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const licenceId = project.licences[0]!.id;
    await page.goto(`/projects/falsch-${project.id}/irgendwas-${licenceId}`);
    await expect(page).toHaveURL(
      new RegExp(`/projects/bestellstrecke-${project.id}/adressvalidierung-${licenceId}$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Adressvalidierung' })).toBeVisible();
  });

  test('a licence page seen before the rename shows the new project name when opened again', async ({
    page,
    customers,
  }) => {
    const { session, project, path } = await customers.withProject({
      name: 'Lager Alt',
      description: 'Umbenennen mit einer schon geladenen Lizenz.',
      serviceIds: ['captchaPro'],
    });
    const licenceId = project.licences[0]!.id;
    await preset(page, { session: session });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Lager Alt' })).toBeVisible();

    // Open the licence once, so the app holds it (with the old project name) in its cache.
    const licenceLink = page
      .getByRole('list', { name: /^Services \(\d+\)$/ })
      .getByRole('link', { name: 'Captcha Pro' });
    await licenceLink.click();
    await expect(page).toHaveURL(new RegExp(`/projects/lager-alt-${project.id}/captcha-pro-${licenceId}$`));
    const breadcrumb = page.getByRole('navigation', { name: de(general, 'breadcrumb') });
    await expect(breadcrumb.getByRole('link', { name: 'Lager Alt' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Captcha Pro' })).toBeVisible();

    // Back to the project and rename it there.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Lager Alt' })).toBeVisible();
    await page.getByRole('button', { name: de(detail, 'menu') }).click();
    await page.getByRole('menuitem', { name: de(detail, 'editSettings') }).click();
    const settings = page.getByRole('dialog', { name: de(modal, 'projectSettingsTitle') });
    await settings.getByLabel(de(form, 'projectName')).fill('Lager Neu');
    await settings.getByRole('button', { name: de(modal, 'save') }).click();
    await expect(toast(page, de(notifications, 'projectSaved'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/lager-neu-${project.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Lager Neu' })).toBeVisible();

    // From here on the old name must never show again, not even for a moment from the cache.
    await page.evaluate(() => {
      const seen = () =>
        document.body.textContent?.includes('Lager Alt') || document.title.includes('Lager Alt');
      const w = window as unknown as { e2eSawOldName: boolean };
      w.e2eSawOldName = Boolean(seen());
      new MutationObserver(() => {
        if (seen()) w.e2eSawOldName = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await licenceLink.click();
    await expect(page).toHaveURL(new RegExp(`/projects/lager-neu-${project.id}/captcha-pro-${licenceId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Captcha Pro' })).toBeVisible();
    await expect(breadcrumb.getByRole('link', { name: 'Lager Neu' })).toBeVisible();
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(header.getByRole('link', { name: 'Lager Neu' })).toBeVisible();
    await expect(page).toHaveTitle(/^Captcha Pro · Lager Neu · /);
    expect(await page.evaluate(() => (window as unknown as { e2eSawOldName: boolean }).e2eSawOldName)).toBe(
      false,
    );
    await expect(breadcrumb.getByRole('link', { name: 'Lager Neu' })).toHaveAttribute(
      'href',
      `/projects/lager-neu-${project.id}`,
    );
  });

  test('signed out, /projects opens the login modal and shows a calm notice', async ({ page }) => {
    await page.goto('/projects');
    const login = page.getByRole('dialog', { name: de(modal, 'loginTitle') });
    await expect(login).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(login).toBeHidden();
    await expect(page.getByRole('heading', { name: de(projectsTexts, 'signedOutTitle') })).toBeVisible();
    await expectNoAxeViolations(page, '/projects (signed out)');
  });

  test("another user cannot open someone else's project or licence", async ({ page, request }) => {
    const demo = await apiLogin(request, 'demo');
    const demoProjects = (await (
      await request.get(`/rest/collection/person/${demo.oid}/project`, {
        headers: { Authorization: `Bearer ${demo.token}` },
      })
    ).json()) as { id: string; name: string; licences: { id: string }[] }[];
    const foreign = demoProjects.find((project) => project.id === 'demoProjShop') ?? demoProjects[0]!;
    await preset(page, { session: await apiLogin(request, 'admin') });

    await page.goto(projectPath(foreign));
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: de(notFound, 'title') })).toBeVisible();

    await page.goto(`${projectPath(foreign)}/x-${foreign.licences[0]!.id}`);
    await expect(page).toHaveURL(/\/404$/);
  });
});
