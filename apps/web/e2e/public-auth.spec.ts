import type { Page } from '@playwright/test';
import { apiCreateProject, apiLogin, createUser, expect, preset, test } from './fixtures';
import { shippedTexts } from './translations';

const navigation = shippedTexts('Navigation');
const modal = shippedTexts('Modal');
const form = shippedTexts('Form');
const errors = shippedTexts('Error');
const notifications = shippedTexts('Notifications');

async function openLogin(page: Page, language: 'de' | 'en' = 'de') {
  await page.getByRole('banner').getByRole('button', { name: navigation.login![language] }).click();
  const dialog = page.getByRole('dialog', { name: modal.loginTitle![language] });
  await expect(dialog).toBeVisible();
  return {
    dialog,
    username: dialog.getByRole('textbox', { name: form.username![language] }),
    password: dialog.getByLabel(form.password![language]),
    submit: dialog.getByRole('button', { name: modal.loginSubmit![language] }),
  };
}

const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

test.describe('login modal', () => {
  test('username and password are required', async ({ page }) => {
    await page.goto('/services');
    const login = await openLogin(page);
    await login.submit.click();
    await expect(login.username).toHaveAccessibleDescription(errors.required!.de);
    await expect(login.password).toHaveAccessibleDescription(errors.required!.de);
    await expect(login.username).toBeFocused();
    await login.username.fill('someone@example.com');
    await login.submit.click();
    await expect(login.password).toHaveAccessibleDescription(errors.required!.de);
  });

  test('a failed login shows the error under the username field (German and English)', async ({ page }) => {
    await page.goto('/services');
    let login = await openLogin(page);
    await login.username.fill('nobody@example.com');
    await login.password.fill('wrong-password');
    await login.submit.click();
    await expect(login.username).toHaveAccessibleDescription(errors.loginFailed!.de);
    await expect(login.username).toHaveAttribute('aria-invalid', 'true');
    await expect(login.dialog).toBeVisible();
    expect(await storage(page, 'user-token')).toBeNull();
    await page.keyboard.press('Escape');

    await page.getByRole('combobox', { name: shippedTexts('Footer').language!.de }).selectOption('en');
    login = await openLogin(page, 'en');
    await login.username.fill('nobody@example.com');
    await login.password.fill('wrong-password');
    await login.submit.click();
    await expect(login.username).toHaveAccessibleDescription(errors.loginFailed!.en);
  });

  test('a customer logs in: token and id stored, initials, menu without Admin', async ({ page }) => {
    await page.goto('/services');
    const login = await openLogin(page);
    await login.username.fill('demo@example.com');
    await login.password.fill('demo1234');
    await login.submit.click();
    await expect(login.dialog).toBeHidden();
    await expect(page.getByText(notifications.loggedIn!.de)).toBeVisible();
    expect(await storage(page, 'user-token')).toMatch(/.{20,}/);
    expect(await storage(page, 'user-oid')).toBe('demoUser0001');

    const avatar = page.getByRole('banner').getByRole('button', { name: navigation.profileMenu!.de });
    await expect(avatar).toHaveText('DD');
    await avatar.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('demo@example.com')).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([navigation.account!.de, navigation.logout!.de]);
    await menu.getByRole('menuitem', { name: navigation.account!.de }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a click on the profile button before its menu has loaded opens the menu once it is there', async ({
    page,
    request,
  }) => {
    const session = await apiLogin(request, 'demo');
    await preset(page, { session });
    // Hold the menu's chunk back, as a slow network would.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/profile-menu-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/price');
    const avatar = page.getByRole('banner').getByRole('button', { name: navigation.profileMenu!.de });
    await expect(avatar).toHaveText('DD');
    await avatar.click();
    await expect(page.getByRole('menu')).toHaveCount(0);
    release();
    await expect(
      page.getByRole('menu').getByRole('menuitem', { name: navigation.account!.de }),
    ).toBeVisible();
  });

  test('an admin gets the Admin entry, leading to /admin', async ({ page, adminSession }) => {
    await preset(page, { session: adminSession });
    await page.goto('/services');
    await page.getByRole('banner').getByRole('button', { name: navigation.profileMenu!.de }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      navigation.account!.de,
      navigation.admin!.de,
      navigation.logout!.de,
    ]);
    // Keyboard: arrows move through the items, Enter follows the link.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: navigation.admin!.de })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe('logout', () => {
  test('ends the session, clears token, id, language and user, and goes to /', async ({ page, request }) => {
    const session = await apiLogin(request, 'admin');
    await preset(page, { session, language: 'en' });
    await page.goto('/price');
    const avatar = page.getByRole('banner').getByRole('button', { name: navigation.profileMenu!.en });
    await expect(avatar).toHaveText('AA');
    await avatar.click();
    const logoutCall = page.waitForRequest((r) => r.url().endsWith('/rest/logout') && r.method() === 'POST');
    await page.getByRole('menuitem', { name: navigation.logout!.en }).click();
    expect((await logoutCall).headers()['authorization']).toBe(`Bearer ${session.token}`);
    await expect(page).toHaveURL(/\/services$/);
    // The stored language is gone with the session: the interface is German again (default).
    await expect(page.getByRole('banner').getByRole('button', { name: navigation.login!.de })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await storage(page, 'user-token')).toBeNull();
    expect(await storage(page, 'user-oid')).toBeNull();
    expect(await storage(page, 'user-language')).toBeNull();
    // The token no longer works on the server.
    const after = await request.get(`/rest/collection/person/${session.oid}`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(after.status()).toBe(401);
  });

  test('stays on the service overview when logging out there', async ({ page, request }) => {
    const session = await apiLogin(request, 'admin');
    await preset(page, { session });
    await page.goto('/services');
    const entries = await page.evaluate(() => window.history.length);
    await page.getByRole('button', { name: navigation.profileMenu!.de }).click();
    await page.getByRole('menuitem', { name: navigation.logout!.de }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: navigation.login!.de })).toBeVisible();
    await expect(page).toHaveURL(/\/services$/);
    // No navigation at all (a redirect from / would have added an entry).
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
  });

  test('from a signed-in screen it lands on the service overview without the login modal', async ({
    page,
    request,
  }) => {
    test.slow(); // four logins (argon2) on a busy machine
    const user = await createUser();
    const project = await apiCreateProject(request, await apiLogin(request, user), {
      name: 'Abmeldung',
      description: 'Abmelden von jeder angemeldeten Seite.',
      serviceIds: ['captchaPro'],
    });
    const projectPath = `/projects/abmeldung-${project.id}`;
    for (const path of ['/projects', '/profile', projectPath, `${projectPath}/captcha-pro-${project.licences[0]!.id}`]) {
      // A tab of its own per screen: the preset applies to a tab's first load.
      const tab = await page.context().newPage();
      await preset(tab, { session: await apiLogin(request, user) });
      // Counts the app's requests for the login modal (its DOM event, see lib/app-events.ts).
      await tab.addInitScript(() => {
        const counted = window as unknown as { loginRequests: number };
        counted.loginRequests = 0;
        window.addEventListener('portal:login-request', () => void (counted.loginRequests += 1));
      });
      await tab.goto(path);
      await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
      await tab.getByRole('banner').getByRole('button', { name: navigation.profileMenu!.de }).click();
      await tab.getByRole('menuitem', { name: navigation.logout!.de }).click();
      await expect(tab).toHaveURL(/\/services$/);
      await expect(tab.getByRole('banner').getByRole('button', { name: navigation.login!.de })).toBeVisible();
      // A request for the login modal is made while the screen's loader runs, before the overview
      // shows; the modal itself loads lazily, so the request is what proves it will not appear.
      await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await tab.evaluate(() => (window as unknown as { loginRequests: number }).loginRequests), `logout from ${path}`).toBe(0);
      await expect(tab.getByRole('dialog'), `logout from ${path}`).toHaveCount(0);
      await tab.close();
    }
  });

  test('a 401 logs out locally and goes to /', async ({ page }) => {
    await preset(page, { session: { token: 'expired-or-revoked-token', oid: 'demoUser0001' } });
    await page.goto('/price');
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('banner').getByRole('button', { name: navigation.login!.de })).toBeVisible();
    expect(await storage(page, 'user-token')).toBeNull();
    expect(await storage(page, 'user-oid')).toBeNull();
  });
});
