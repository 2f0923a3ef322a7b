import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, preset, randomId, test, toast } from './fixtures';
import { linkIn, startMailbox, type Mailbox } from '../../server/test/support/mailbox.ts';
import { shippedTexts } from './translations';

// Self-service accounts end to end: the portal mails its links through the outbox to a real
// SMTP server on 127.0.0.1 (apps/server/test/support/mailbox.ts), and the journey follows them
// as a person would.

const account = shippedTexts('Account');
const navigation = shippedTexts('Navigation');
const modal = shippedTexts('Modal');
const form = shippedTexts('Form');
const errors = shippedTexts('Error');
const notifications = shippedTexts('Notifications');

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(async () => {
  await mailbox.close();
});

type Language = 'de' | 'en';

const newAddress = () => `${randomId('account')}@example.com`.toLowerCase();
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function fillSignup(page: Page, email: string, password: string, language: Language = 'de') {
  await page.getByLabel(form.salutation![language]).selectOption('f');
  await page.getByRole('textbox', { name: form.firstname![language] }).fill('Jana');
  await page.getByRole('textbox', { name: form.lastname![language] }).fill('Journey');
  await page.getByRole('textbox', { name: form.company![language] }).fill('Reise GmbH');
  await page.getByRole('textbox', { name: form.email![language] }).fill(email);
  await page.getByLabel(form.password![language], { exact: true }).fill(password);
  await page.getByLabel(account.passwordRepeat![language]).fill(password);
  await page.getByRole('checkbox').check();
}

async function openLogin(page: Page, language: Language = 'de') {
  await page.getByRole('banner').getByRole('button', { name: navigation.login![language] }).click();
  const dialog = page.getByRole('dialog', { name: modal.loginTitle![language] });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: navigation.profileMenu!.de }).click();
  await page.getByRole('menuitem', { name: navigation.logout!.de }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: navigation.login!.de })).toBeVisible();
}

test('sign up, confirm from the mail, sign out, forgotten password, new password, sign in', async ({
  page,
  baseURL,
}) => {
  test.slow(); // six argon2 checks, two mails and a password change on two busy cores
  const email = newAddress();
  await page.goto('/services');
  await page.getByRole('banner').getByRole('link', { name: navigation.signup!.de }).click();
  await expect(heading(page, account.signupTitle!.de)).toBeVisible();
  await fillSignup(page, email, 'Mein erstes Passwort');
  await page.getByRole('button', { name: account.signupSubmit!.de }).click();
  await expect(heading(page, account.signupSentTitle!.de)).toBeFocused();
  await expect(page.getByText(email)).toBeVisible();

  // The link from the mail asks for the password chosen at sign-up: a wrong one shows at the
  // field and the link stays usable; the right one confirms the address and signs in.
  const verifyLink = linkIn(await mailbox.mailTo(email), baseURL!);
  expect(verifyLink).toMatch(/\/verify-email\?token=[\w-]{43}$/);
  await page.goto(verifyLink);
  await expect(heading(page, account.verifyTitle!.de)).toBeVisible();
  await expect(page.getByText(account.verifyLead!.de)).toBeVisible();
  const signupPassword = page.getByLabel(form.password!.de, { exact: true });
  await signupPassword.fill('Ein fremdes Passwort');
  await page.getByRole('button', { name: account.verifySubmit!.de }).click();
  await expect(signupPassword).toHaveAccessibleDescription(
    errors.signupPasswordWrong!.de.replace('{{tries}}', '5'), // VERIFY_LIMITS in the contract
  );
  await signupPassword.fill('Mein erstes Passwort');
  await page.getByRole('button', { name: account.verifySubmit!.de }).click();
  await expect(toast(page, notifications.emailVerified!.de)).toBeVisible();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('banner').getByRole('button', { name: navigation.profileMenu!.de })).toHaveText(
    'JJ',
  );

  // The used link, opened while signed in, says the address is already confirmed.
  await page.goto(verifyLink);
  await expect(heading(page, account.alreadyConfirmedTitle!.de)).toBeVisible();
  await signOut(page);

  // Signed out, a used link does not sign in again and offers a new one.
  await page.goto(verifyLink);
  await page.getByLabel(form.password!.de, { exact: true }).fill('Mein erstes Passwort');
  await page.getByRole('button', { name: account.verifySubmit!.de }).click();
  await expect(heading(page, account.linkInvalidTitle!.de)).toBeVisible();

  // Forgotten password, from the login modal.
  const dialog = await openLogin(page);
  await dialog.getByRole('link', { name: modal.forgotPassword!.de }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('textbox', { name: form.email!.de }).fill(email);
  await page.getByRole('button', { name: account.forgotSubmit!.de }).click();
  await expect(heading(page, account.forgotSentTitle!.de)).toBeFocused();

  const resetLink = linkIn(await mailbox.mailTo(email, 1), baseURL!);
  expect(resetLink).toMatch(/\/reset-password\?token=[\w-]{43}$/);
  await page.goto(resetLink);
  await expect(heading(page, account.resetTitle!.de)).toBeVisible();
  // The token leaves the address bar (and so the browser's history).
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel(form.passwordNew!.de, { exact: true }).fill('Mein zweites Passwort');
  await page.getByLabel(form.passwordRepeat!.de).fill('Mein zweites Passwort');
  await page.getByRole('button', { name: account.resetSubmit!.de }).click();
  await expect(toast(page, notifications.passwordReset!.de)).toBeVisible();
  await expect(page).toHaveURL(/\/projects$/);
  await signOut(page);

  // The old password is gone, the new one signs in.
  let login = await openLogin(page);
  await login.getByRole('textbox', { name: form.username!.de }).fill(email);
  await login.getByLabel(form.password!.de).fill('Mein erstes Passwort');
  await login.getByRole('button', { name: modal.loginSubmit!.de }).click();
  await expect(login.getByRole('textbox', { name: form.username!.de })).toHaveAccessibleDescription(
    errors.loginFailed!.de,
  );
  await page.keyboard.press('Escape');
  login = await openLogin(page);
  await login.getByRole('textbox', { name: form.username!.de }).fill(email);
  await login.getByLabel(form.password!.de).fill('Mein zweites Passwort');
  await login.getByRole('button', { name: modal.loginSubmit!.de }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: navigation.profileMenu!.de })).toHaveText(
    'JJ',
  );
});

for (const { theme, language } of [
  { theme: 'light', language: 'de' },
  { theme: 'dark', language: 'en' },
] as const) {
  test(`the account screens pass axe and fit 360 px (${theme}, ${language})`, async ({ page }) => {
    test.slow(); // nine axe runs (1–3 s each on two busy cores), a sign-up and a sign-in
    await page.setViewportSize({ width: 360, height: 780 });
    await preset(page, { theme, language });
    const screens = [
      ['/signup', account.signupTitle],
      ['/forgot-password', account.forgotTitle],
      [`/reset-password?token=${'A'.repeat(43)}`, account.resetTitle],
      [`/verify-email?token=${'A'.repeat(43)}`, account.verifyTitle],
      ['/reset-password', account.linkInvalidTitle],
      ['/verify-email?token=nonsense', account.linkInvalidTitle],
    ] as const;
    for (const [path, title] of screens) {
      await page.goto(path);
      await expect(heading(page, title![language])).toBeVisible();
      await expectNoAxeViolations(page, `${path} (${theme})`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }

    // The sign-up form with every problem shown, then sent.
    await page.goto('/signup');
    await page.getByRole('button', { name: account.signupSubmit![language] }).click();
    await expect(page.getByRole('textbox', { name: form.firstname![language] })).toHaveAccessibleDescription(
      errors.required![language],
    );
    await expectNoAxeViolations(page, `/signup with errors (${theme})`);
    const email = newAddress();
    await fillSignup(page, email, 'Ein gutes Passwort', language);
    // On a phone the submit button stands above "already have an account?" and is reached by the
    // Tab key before it, in the order the eye reads them.
    const submit = page.getByRole('button', { name: account.signupSubmit![language] });
    const toLogin = page.getByRole('main').getByRole('button', { name: account.login![language], exact: true });
    expect((await submit.boundingBox())!.y).toBeLessThan((await toLogin.boundingBox())!.y);
    await submit.focus();
    await page.keyboard.press('Tab');
    await expect(toLogin).toBeFocused();
    await submit.click();
    await expect(heading(page, account.signupSentTitle![language])).toBeVisible();
    await expectNoAxeViolations(page, `/signup sent (${theme})`);

    // Signing in before the address is confirmed: the modal offers the link again.
    const login = await openLogin(page, language);
    await login.getByRole('textbox', { name: form.username![language] }).fill(email);
    await login.getByLabel(form.password![language]).fill('Ein gutes Passwort');
    await login.getByRole('button', { name: modal.loginSubmit![language] }).click();
    await expect(login.getByRole('textbox', { name: form.username![language] })).toHaveAccessibleDescription(
      errors.unverified![language],
    );
    await login.getByRole('button', { name: modal.resendVerification![language] }).click();
    await expect(login.getByRole('status')).toHaveText(modal.verificationResent![language]);
    await expectNoAxeViolations(page, `login modal, unverified (${theme})`, '[role="dialog"]');
    await mailbox.mailTo(email, 1);
  });
}
