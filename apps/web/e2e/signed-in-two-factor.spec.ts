import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiLogin, createUser, expect, preset, test, toast } from './fixtures';
import { shippedTexts } from './translations';

// Two-factor sign-in (docs/security.md#two-factor-sign-in) as a customer meets it: set up the
// authenticator app in the profile, then sign in with password and code. The test is the app:
// it computes the codes from the secret the profile shows (RFC 6238, SHA-1, 6 digits, 30 s).

const profile = shippedTexts('Profile');
const modal = shippedTexts('Modal');
const form = shippedTexts('Form');
const navigation = shippedTexts('Navigation');
const notifications = shippedTexts('Notifications');

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The authenticator code of `secret`, `steps` time steps from now. */
function totp(secret: string, steps = 0): string {
  const counter = Math.floor(Date.now() / 30_000) + steps;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

async function openLogin(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: navigation.login!.de }).click();
  const dialog = page.getByRole('dialog', { name: modal.loginTitle!.de });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('two-factor sign-in', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a customer sets up an authenticator app and signs in with password and code', async ({
    page,
    request,
    browser,
  }) => {
    const user = await createUser();
    await preset(page, { session: await apiLogin(request, user) });
    await page.goto('/profile');
    const section = page.getByTestId('two-factor');
    await expect(section.getByRole('heading', { name: profile.mfaTitle!.de })).toBeVisible();
    await section.getByRole('button', { name: profile.mfaSetUp!.de }).click();

    await expect(section.getByRole('img', { name: profile.mfaQrAlt!.de })).toBeVisible();
    const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByLabel(profile.mfaConfirmLabel!.de).fill(totp(secret));
    await section.getByRole('button', { name: profile.mfaConfirm!.de }).click();
    await expect(toast(page, profile.mfaTurnedOn!.de)).toBeVisible();
    await expect(section.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await section.getByRole('button', { name: profile.mfaRecoverySaved!.de }).click();
    await expect(section.getByText(/Noch 10 Wiederherstellungscodes/)).toBeVisible();

    // Another browser, signed out: the password alone is not enough.
    const context = await browser.newContext({ locale: 'de-DE' });
    const other = await context.newPage();
    await other.goto('/services');
    const dialog = await openLogin(other);
    await dialog.getByRole('textbox', { name: form.username!.de }).fill(user.email);
    await dialog.getByLabel(form.password!.de).fill(user.password);
    await dialog.getByRole('button', { name: modal.loginSubmit!.de }).click();
    const code = dialog.getByRole('textbox', { name: modal.mfaCodeLabel!.de });
    await expect(code).toBeVisible();
    expect(await other.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();
    // The confirming code's step is used up: the app shows the next one soon, accepted early.
    await code.fill(totp(secret, 1));
    await dialog.getByRole('button', { name: modal.mfaSubmit!.de }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(other, notifications.loggedIn!.de)).toBeVisible();
    expect(await other.evaluate(() => window.localStorage.getItem('user-token'))).not.toBeNull();
    await context.close();
  });
});
