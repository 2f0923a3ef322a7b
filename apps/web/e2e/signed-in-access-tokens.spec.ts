import { apiCreateProject, apiLogin, createUser, expect, expectNoAxeViolations, preset, test, toast } from './fixtures';
import { shippedTexts } from './translations';

const profile = shippedTexts('Profile');
const de = (texts: Record<string, { de: string }>, key: string) => texts[key]!.de;

// Personal access tokens (docs/security.md#personal-access-tokens): a customer makes a token in
// the profile, a script (here: fetch from the test) lists their projects with it, and once the
// token is revoked the script is refused.

test.describe('personal access tokens (signed in)', () => {
  // Password hashing (argon2, 19 MiB) and axe take seconds on a busy two-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('a customer makes a token, a script lists their projects with it, and revoking ends it', async ({
    page,
    request,
  }) => {
    const user = await createUser({ firstname: 'Tara', lastname: 'Token' });
    const session = await apiLogin(request, user);
    const project = await apiCreateProject(request, session, { name: 'Skriptprojekt', description: 'Für das Skript' });
    await preset(page, { session });
    await page.goto('/profile');

    const tokens = page.getByRole('region', { name: de(profile, 'tokensTitle') });
    await expect(tokens).toContainText(de(profile, 'tokensNone'));
    await tokens.getByLabel(de(profile, 'tokenName')).fill('Deploy-Skript');
    await tokens.getByLabel(de(profile, 'tokenScope')).selectOption('read');
    await tokens.getByLabel(de(profile, 'tokenExpiry')).selectOption('90');
    await tokens.getByRole('button', { name: de(profile, 'tokenCreate') }).click();

    const shown = tokens.getByTestId('created-token');
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('button', { name: de(profile, 'tokenCopy') })).toBeVisible();
    const token = (await shown.getByTestId('token-value').textContent()) ?? '';
    expect(token).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
    await expect(tokens.getByRole('listitem')).toHaveCount(1);
    await expect(tokens.getByRole('listitem')).toContainText('Deploy-Skript');
    await expectNoAxeViolations(page, '/profile with a new API token');

    // The script: a plain fetch with the token, no browser and no session.
    const origin = new URL(page.url()).origin;
    const listProjects = () =>
      fetch(`${origin}/rest/collection/person/${session.oid}/project`, {
        headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' },
      });
    const listed = await listProjects();
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Array<{ id: string }>).map((p) => p.id)).toContain(project.id);
    // A read token cannot change anything.
    const write = await fetch(`${origin}/rest/collection/project/${project.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Umbenannt' }),
    });
    expect(write.status).toBe(403);

    // Stored: the token leaves the page; the list now shows its last use.
    await shown.getByRole('button', { name: de(profile, 'tokenStored') }).click();
    await expect(shown).toBeHidden();
    await page.reload();
    const item = tokens.getByRole('listitem');
    await expect(item).not.toContainText(de(profile, 'tokenNeverUsed'));

    // Revoke with the keyboard after confirming.
    await item.getByRole('button', { name: de(profile, 'tokenRevoke') }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: de(profile, 'tokenRevokeTitle') });
    await dialog.getByRole('button', { name: de(profile, 'tokenRevoke') }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, de(profile, 'tokenRevoked'))).toBeVisible();
    await expect(tokens).toContainText(de(profile, 'tokensNone'));

    const refused = await listProjects();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual(
      expect.objectContaining({
        code: 'accessTokenInvalid',
        message: 'This access token is unknown, has expired or has been revoked.',
      }),
    );
  });
});
