import { apiLogin, createUser, expect, expectNoAxeViolations, preset, test, toast } from './fixtures';
import { shippedTexts } from './translations';

const profile = shippedTexts('Profile');
const navigation = shippedTexts('Navigation');
const de = (texts: Record<string, { de: string }>, key: string) => texts[key]!.de;

// A person's own sessions (docs/security.md#own-sessions): the profile lists where they are
// signed in; ending another session signs that browser out.

test.describe('own sessions (signed in)', () => {
  // Password hashing (argon2, 19 MiB) and axe take seconds on a busy two-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('a person ends another session and that browser is signed out', async ({ browser }) => {
    const user = await createUser({ firstname: 'Sina', lastname: 'Sitzung' });

    // The other browser: signed in, its profile shows.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await preset(otherPage, { session: await apiLogin(other.request, user) });
    await otherPage.goto('/profile');
    await expect(otherPage.getByRole('heading', { level: 2, name: 'Sina Sitzung' })).toBeVisible();

    // This browser lists both sessions, itself marked.
    const here = await browser.newContext();
    const page = await here.newPage();
    await preset(page, { session: await apiLogin(here.request, user) });
    await page.goto('/profile');
    const sessions = page.getByRole('region', { name: de(profile, 'sessionsTitle') });
    const items = sessions.getByRole('listitem');
    await expect(items).toHaveCount(2);
    const thisDevice = items.filter({ hasText: de(profile, 'sessionThisDevice') });
    await expect(thisDevice).toHaveCount(1);
    await expect(thisDevice.getByRole('button')).toHaveCount(0);
    await expect(sessions).toContainText(/127\.0\.0\.\*/);
    await expectNoAxeViolations(page, '/profile with sessions');

    // With the keyboard: the other session's button, then confirm.
    const end = items.filter({ hasNotText: de(profile, 'sessionThisDevice') }).getByRole('button');
    await end.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: de(profile, 'sessionEndTitle') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: de(profile, 'sessionEnd') }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, de(profile, 'sessionEnded'))).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(sessions).toContainText(de(profile, 'sessionsNoOthers'));

    // The other browser is signed out at its next call: the app forgets the session and offers
    // to sign in again.
    await otherPage.reload();
    await expect(
      otherPage.getByRole('banner').getByRole('button', { name: de(navigation, 'login') }),
    ).toBeVisible();
    expect(await otherPage.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();
    // This one stays signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Sina Sitzung' })).toBeVisible();

    await other.close();
    await here.close();
  });
});
