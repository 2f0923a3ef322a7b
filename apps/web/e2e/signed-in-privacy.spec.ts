import {
  apiCreateProject,
  apiLogin,
  createUser,
  de,
  expect,
  expectNoAxeViolations,
  loginStatus,
  preset,
  test,
  toast,
} from './fixtures';
import { shippedTexts } from './translations';

// A customer's data export and account deletion (docs/privacy.md#export, docs/privacy.md#deletion):
// the download happens, and the account is deleted after the shared project was handed over in
// the dialog. Afterwards the person cannot sign in, and the project belongs to the other member.

const profile = shippedTexts('Profile');

test.describe('download my data and delete the account (signed in)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('downloads the ZIP, hands the shared project over and deletes the account', async ({
    browser,
    request,
  }) => {
    const owner = await createUser({ firstname: 'Dora', lastname: 'Daten' });
    const member = await createUser({ firstname: 'Max', lastname: 'Mitglied' });
    const ownerSession = await apiLogin(request, owner);
    const memberSession = await apiLogin(request, member);
    const project = await apiCreateProject(request, ownerSession, {
      name: 'Geteiltes Projekt',
      description: 'Für zwei.',
    });
    // Max joins the project (the sharing journey itself is signed-in-sharing.spec.ts).
    const invited = await request.post(`/rest/collection/project/${project.id}/member`, {
      headers: { Authorization: `Bearer ${ownerSession.token}`, 'Content-Type': 'application/json' },
      data: { email: member.email, role: 'editor' },
    });
    expect(invited.status()).toBe(201);
    const invitations = (await (
      await request.get(`/rest/collection/person/${member.oid}/invitation`, {
        headers: { Authorization: `Bearer ${memberSession.token}` },
      })
    ).json()) as Array<{ id: string }>;
    const accepted = await request.post(`/rest/collection/invitation/${invitations[0]!.id}/accept`, {
      headers: { Authorization: `Bearer ${memberSession.token}` },
    });
    expect(accepted.status()).toBe(200);

    const context = await browser.newContext();
    const page = await context.newPage();
    await preset(page, { session: await apiLogin(context.request, owner), language: 'de' });
    await page.goto('/profile');
    const card = page.getByTestId('privacy');
    await expect(card.getByRole('heading', { name: de(profile, 'privacyTitle') })).toBeVisible();

    // The download happens, under the server's file name, and is a ZIP.
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: de(profile, 'downloadData') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^portal-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 2).toString('latin1')).toBe('PK');

    // The dialog: consequences, and the shared project to hand over first.
    await card.getByRole('button', { name: de(profile, 'deleteAccount') }).click();
    const dialog = page.getByRole('dialog', { name: de(profile, 'deleteAccountTitle') });
    await expect(dialog.getByText(de(profile, 'deleteConsequenceKept'))).toBeVisible();
    const shared = dialog.getByTestId('shared-projects');
    await expect(shared).toContainText('Geteiltes Projekt');
    await expectNoAxeViolations(page, 'delete account dialog', '[role="dialog"]');
    await expect(shared.getByLabel(de(profile, 'handOverTo'))).toHaveValue(member.oid);
    await shared.getByRole('button', { name: de(profile, 'handOver') }).click();
    await expect(shared).toBeHidden();

    await dialog.getByLabel(de(profile, 'deleteProofPassword')).fill(owner.password);
    await dialog.getByRole('button', { name: de(profile, 'deleteConfirm') }).click();
    await expect(toast(page, de(profile, 'deleted'))).toBeVisible();
    await expect(page).not.toHaveURL(/\/profile/);

    // Gone: no sign-in; the project is Max's now.
    expect(await loginStatus(request, owner)).toBe(401);
    const members = (await (
      await request.get(`/rest/collection/project/${project.id}/member`, {
        headers: { Authorization: `Bearer ${memberSession.token}` },
      })
    ).json()) as Array<{ person: { oid: string }; role: string }>;
    expect(members.map((m) => [m.person.oid, m.role])).toEqual([[member.oid, 'owner']]);
    await context.close();
  });
});
