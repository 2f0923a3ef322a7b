import {
  apiLogin,
  createUser,
  expect,
  expectNoAxeViolations,
  loginStatus,
  preset,
  smallPng,
  test,
  toast,
} from './fixtures';
import { shippedTexts } from './translations';

const profile = shippedTexts('Profile');
const modal = shippedTexts('Modal');
const form = shippedTexts('Form');
const errors = shippedTexts('Error');
const notifications = shippedTexts('Notifications');
const navigation = shippedTexts('Navigation');
const de = (texts: Record<string, { de: string }>, key: string) => texts[key]!.de;

test.describe('profile (signed in)', () => {
  // Password hashing (argon2, 19 MiB) and axe take seconds on a busy two-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('shows the personal data and edits the account', async ({ page, request }) => {
    const user = await createUser({ firstname: 'Paula', lastname: 'Profil' });
    await preset(page, { session: await apiLogin(request, user) });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: de(profile, 'title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Paula Profil' })).toBeVisible();
    const data = page.locator('dl');
    await expect(data).toContainText(`${de(form, 'salutation')}${de(form, 'salutationF')}`);
    await expect(data).toContainText(`${de(form, 'language')}${de(form, 'languageDe')}`);
    await expect(data).toContainText(user.email);
    await expect(page.getByText(/^Zuletzt geändert am \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
    await expectNoAxeViolations(page, '/profile');

    await page.getByRole('button', { name: de(profile, 'editAccount') }).click();
    const dialog = page.getByRole('dialog', { name: de(modal, 'editProfileTitle') });
    const email = dialog.getByLabel(de(form, 'email'));
    await expect(email).toHaveValue(user.email);
    await expect(email).toHaveAttribute('readonly', '');
    const salutation = dialog.getByLabel(de(form, 'salutation'));
    await expect(salutation.locator('option')).toHaveText([de(form, 'salutationNone'), 'Frau', 'Herr']);
    await expect(dialog.getByLabel(de(form, 'language')).locator('option')).toHaveText([
      'Deutsch',
      'English',
    ]);
    await expectNoAxeViolations(page, 'edit-account modal');

    await dialog.getByLabel(de(form, 'firstname')).fill('');
    await dialog.getByRole('button', { name: de(modal, 'save') }).click();
    await expect(dialog.getByLabel(de(form, 'firstname'))).toHaveAccessibleDescription(
      de(errors, 'required'),
    );
    await dialog.getByLabel(de(form, 'firstname')).fill('Paul');
    await salutation.selectOption('m');
    await dialog.getByLabel(de(form, 'place')).fill('Hamburg');
    await dialog.getByLabel(de(form, 'language')).selectOption('en');
    await dialog.getByRole('button', { name: de(modal, 'save') }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, de(notifications, 'profileSaved'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Paul Profil' })).toBeVisible();
    await expect(data).toContainText(`${de(form, 'salutation')}Herr`);
    await expect(data).toContainText('Hamburg');
    await expect(data).toContainText(`${de(form, 'language')}English`);

    await page.reload(); // it was saved, not only shown
    await expect(page.getByRole('heading', { level: 2, name: 'Paul Profil' })).toBeVisible();
  });

  test('uploads an avatar after a preview; refuses a non-image and a picture over 5 MB before sending', async ({
    page,
    request,
  }) => {
    const user = await createUser();
    await preset(page, { session: await apiLogin(request, user) });
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/avatar')) uploads.push(r.url());
    });
    await page.goto('/profile');
    const chooser = page.locator('input[type="file"]');
    await expect(page.getByRole('button', { name: de(profile, 'avatarUpload') })).toBeVisible();

    await chooser.setInputFiles({
      name: 'notizen.png',
      mimeType: 'image/png',
      buffer: Buffer.from('Nur Text, kein Bild.'),
    });
    await expect(page.getByRole('alert').filter({ hasText: de(profile, 'avatarWrongType') })).toBeVisible();
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1);
    smallPng.copy(huge);
    await chooser.setInputFiles({ name: 'riesig.png', mimeType: 'image/png', buffer: huge });
    await expect(page.getByRole('alert').filter({ hasText: de(profile, 'avatarTooBig') })).toBeVisible();
    expect(uploads).toEqual([]);

    await chooser.setInputFiles({ name: 'ich.png', mimeType: 'image/png', buffer: smallPng });
    const preview = page.getByRole('dialog', { name: de(profile, 'avatarPreviewTitle') });
    await expect(preview.getByRole('img', { name: de(profile, 'avatarPreviewAlt') })).toHaveAttribute(
      'src',
      /^blob:/,
    );
    await expectNoAxeViolations(page, 'avatar preview');
    await preview.getByRole('button', { name: de(profile, 'avatarSave') }).click();
    await expect(preview).toBeHidden();
    await expect(toast(page, de(notifications, 'avatarUpdated'))).toBeVisible();
    expect(uploads).toHaveLength(1);
    // Shown through the token-carrying fetch as a blob URL, and really an image.
    const avatar = page.getByTestId('avatar-image');
    await expect(avatar).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The top bar's profile button shows the new picture at once, not the initials until a reload.
    const topBarPicture = page
      .getByRole('banner')
      .getByRole('button', { name: de(navigation, 'profileMenu') })
      .getByTestId('top-bar-avatar');
    await expect(topBarPicture).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => topBarPicture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('changes the password: wrong current, mismatch, success, then a login with the new one', async ({
    page,
    request,
  }) => {
    const user = await createUser();
    await preset(page, { session: await apiLogin(request, user) });
    await page.goto('/profile');

    await page.getByRole('button', { name: de(profile, 'changePassword') }).click();
    const dialog = page.getByRole('dialog', { name: de(modal, 'changePasswordTitle') });
    const current = dialog.getByLabel(de(form, 'passwordCurrent'), { exact: true });
    const next = dialog.getByLabel(de(form, 'passwordNew'), { exact: true });
    const repeat = dialog.getByLabel(de(form, 'passwordRepeat'), { exact: true });
    const submit = dialog.getByRole('button', { name: de(profile, 'changePassword') });
    await expect(submit).toBeDisabled(); // all three are required
    await current.fill('not-my-password');
    await next.fill('brand-new-secret');
    await expect(submit).toBeDisabled();
    await repeat.fill('brand-new-secret');
    await expectNoAxeViolations(page, 'change-password modal');

    // Wrong current password: that field is flagged; typing clears it.
    await submit.click();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription(de(errors, 'pwWrong'));
    await current.fill(user.password);
    await expect(current).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(de(errors, 'pwWrong'))).toHaveCount(0);

    // Mismatch.
    await repeat.fill('brand-new-secreT');
    await submit.click();
    await expect(repeat).toHaveAccessibleDescription(de(errors, 'pwMismatch'));
    await repeat.fill('brand-new-secret');
    await expect(dialog.getByText(de(errors, 'pwMismatch'))).toHaveCount(0);

    // Success: closed, notice, and the fields are empty when it opens again.
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, de(notifications, 'passwordChanged'))).toBeVisible();
    await page.getByRole('button', { name: de(profile, 'changePassword') }).click();
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(repeat).toHaveValue('');
    await page.keyboard.press('Escape');

    expect(await loginStatus(request, { email: user.email, password: 'brand-new-secret' })).toBe(200);
    expect(await loginStatus(request, user)).toBe(401);
    // This session stayed valid (the server ends only the other sessions).
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 2, name: `${user.firstname} ${user.lastname}` }),
    ).toBeVisible();
  });

  test('signed out, /profile asks to log in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('dialog', { name: de(modal, 'loginTitle') })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: de(profile, 'signedOutTitle') })).toBeVisible();
  });
});
