import { apiLogin, createUser, expect, expectNoAxeViolations, preset, test } from './fixtures';
import { shippedTexts } from './translations';

const customers = shippedTexts('AdminCustomers');
const audit = shippedTexts('AdminAudit');
const nav = shippedTexts('Navigation');
const admin = shippedTexts('Admin');

test.describe('admin console: customers and audit log', () => {
  test('an admin disables a customer, who is signed out at once, and finds it in the audit log', async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // two browsers, three sign-ins and axe runs on two busy cores
    const customer = await createUser({ firstname: 'Dora', lastname: 'Deaktiviert' });
    const customerSession = await apiLogin(request, customer);

    // The customer, signed in, in a browser of their own.
    const theirs = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-DE' });
    const theirPage = await theirs.newPage();
    await preset(theirPage, { session: customerSession });
    await theirPage.goto('/projects');
    await expect(theirPage.getByRole('button', { name: nav.profileMenu!.de })).toBeVisible();

    // The admin finds them by name and opens their page.
    await preset(page, { session: await apiLogin(request, 'admin') });
    await page.goto('/admin/customers');
    await expect(page.getByRole('navigation', { name: admin.navLabel!.de })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: customers.title!.de })).toBeVisible();
    await page.getByLabel(customers.searchLabel!.de).fill('dora deaktiv');
    await page.getByRole('button', { name: customers.searchSubmit!.de }).click();
    await expect(page).toHaveURL(/q=dora/);
    await expectNoAxeViolations(page, '/admin/customers');
    await page.getByRole('link', { name: 'Dora Deaktiviert' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dora Deaktiviert' })).toBeVisible();
    await expect(page.getByText(customer.email, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, '/admin/customers/{id}');

    // Disable, after the confirmation.
    await page.getByRole('button', { name: customers.disable!.de }).click();
    const dialog = page.getByRole('alertdialog', { name: customers.disableTitle!.de });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: customers.disable!.de }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(customers.disabledNote!.de)).toBeVisible();
    await expect(page.getByRole('button', { name: customers.enable!.de })).toBeVisible();

    // The customer's next call finds no session: the app signs out and offers the login.
    const answer = await request.get(`/rest/collection/person/${customer.oid}`, {
      headers: { Authorization: `Bearer ${customerSession.token}` },
    });
    expect(answer.status()).toBe(401);
    await theirPage.reload();
    await expect(theirPage.getByRole('button', { name: nav.login!.de }).first()).toBeVisible();
    expect(await theirPage.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();
    await theirs.close();

    // The audit log names who did what to whom.
    await page
      .getByRole('navigation', { name: admin.navLabel!.de })
      .getByRole('link', { name: admin.navAudit!.de })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: audit.title!.de })).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: customer.oid }).first();
    await expect(entry).toContainText(`${audit.actionDisable!.de} · ${audit.typePerson!.de}`);
    await expect(entry).toContainText('admin@example.com');
    await entry.getByText(audit.showChanges!.de).click();
    await expect(entry.getByRole('row', { name: /disabled/ })).toContainText('false');
    await expect(entry.getByRole('row', { name: /disabled/ })).toContainText('true');
    await expectNoAxeViolations(page, '/admin/audit');

    // Only this kind of object, and the log on a phone: cards, the navigation a row of tabs.
    await page.getByLabel(audit.type!.de).selectOption('person');
    await page.getByRole('button', { name: audit.apply!.de }).click();
    await expect(page).toHaveURL(/type=person/);
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(entry).toBeVisible();
    const hasSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(hasSideways).toBe(false);
    await expectNoAxeViolations(page, '/admin/audit at 360 px');
  });

  test('a customer gets the not-allowed panel, in English and dark too', async ({ page, request }) => {
    const customer = await createUser();
    await preset(page, { session: await apiLogin(request, customer), language: 'en', theme: 'dark' });
    await page.goto('/admin/customers');
    await expect(page.getByRole('heading', { name: admin.notAllowedTitle!.en })).toBeVisible();
    await expect(page.getByRole('navigation', { name: admin.navLabel!.en })).toHaveCount(0);
    await expectNoAxeViolations(page, '/admin/customers not allowed (en, dark)');
  });
});
