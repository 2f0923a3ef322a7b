import { de, expect, expectNoAxeViolations, preset, test, toast } from './fixtures';
import { shippedTexts } from './translations';

// Shared projects (docs/domain.md#ownership): the owner invites a second account as viewer (a
// second invitation is refused, sending it again works), the viewer accepts and sees the project
// without write controls, the owner makes them editor, and they switch a licence off. Two browser
// contexts, one per person.

const sharing = shippedTexts('Sharing');
const detail = shippedTexts('ProjectDetail');
const licenceTexts = shippedTexts('Licence');
const notifications = shippedTexts('Notifications');

test.describe('shared projects (signed in)', () => {
  test.describe.configure({ timeout: 150_000 });

  test('invite as viewer → accept → no write controls → editor → switches a licence off', async ({
    browser,
    customers,
  }) => {
    const {
      session: ownerSession,
      project,
      path: projectPath,
    } = await customers.withProject(
      { name: 'Gemeinsamer Shop', description: 'Ein Projekt für zwei.', serviceIds: ['adressvalidierung'] },
      { firstname: 'Olga', lastname: 'Owner' },
    );
    const { user: guest, session: guestSession } = await customers.signedIn({
      firstname: 'Vera',
      lastname: 'Viewer',
    });
    const licencePath = `${projectPath}/adressvalidierung-${project.licences[0]!.id}`;

    // The owner opens "Teilen" from the project menu and invites Vera as viewer.
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await preset(ownerPage, { session: ownerSession, language: 'de' });
    await ownerPage.goto(projectPath);
    await ownerPage.getByRole('button', { name: de(detail, 'menu') }).click();
    await ownerPage.getByRole('menuitem', { name: de(sharing, 'share') }).click();
    const dialog = ownerPage.getByRole('dialog', { name: de(sharing, 'dialogTitle') });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(de(sharing, 'email')).fill(guest.email);
    await expect(dialog.getByLabel(de(sharing, 'role'), { exact: true })).toHaveValue('viewer');
    await dialog.getByRole('button', { name: de(sharing, 'invite'), exact: true }).click();
    await expect(toast(ownerPage, de(sharing, 'inviteSent', { email: guest.email }))).toBeVisible();
    const guestRow = dialog.getByRole('listitem').filter({ hasText: guest.email });
    await expect(guestRow.getByText(de(sharing, 'invitedState'))).toBeVisible();
    await expectNoAxeViolations(ownerPage, 'sharing dialog', '[role="dialog"]');

    // Inviting her again sends nothing: the server's reason shows under the form. Sending the
    // invitation again is the row's own action.
    await dialog.getByLabel(de(sharing, 'email')).fill(guest.email);
    await dialog.getByRole('button', { name: de(sharing, 'invite'), exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Diese Adresse ist schon eingeladen. Du kannst die Einladung in der Liste erneut senden.',
    );
    await guestRow.getByRole('button', { name: `${de(sharing, 'resend')}: Vera Viewer` }).click();
    await expect(toast(ownerPage, de(sharing, 'resent', { email: guest.email }))).toBeVisible();

    // Vera accepts on /projects and sees the project with her role, without write controls.
    const guestContext = await browser.newContext();
    const guestPage = await guestContext.newPage();
    await preset(guestPage, { session: guestSession, language: 'de' });
    await guestPage.goto('/projects');
    await expect(guestPage.getByRole('heading', { name: de(sharing, 'invitationsTitle') })).toBeVisible();
    await expectNoAxeViolations(guestPage, 'projects with an invitation');
    await guestPage
      .getByRole('button', { name: de(sharing, 'acceptLabel', { project: 'Gemeinsamer Shop' }) })
      .click();
    await expect(toast(guestPage, de(sharing, 'accepted', { project: 'Gemeinsamer Shop' }))).toBeVisible();
    const card = guestPage.getByRole('article').filter({ hasText: 'Gemeinsamer Shop' });
    await expect(card.getByText('von Olga Owner')).toBeVisible();
    await expect(card.getByText(de(sharing, 'roleViewer'))).toBeVisible();

    await card.getByRole('link', { name: 'Gemeinsamer Shop' }).click();
    await expect(guestPage.getByRole('heading', { level: 1, name: 'Gemeinsamer Shop' })).toBeVisible();
    await expect(guestPage.getByText(de(sharing, 'viewOnly'))).toBeVisible();
    await expect(guestPage.getByRole('button', { name: de(detail, 'addServices') })).toHaveCount(0);
    await guestPage.getByRole('button', { name: de(detail, 'menu') }).click();
    await expect(guestPage.getByRole('menuitem', { name: de(sharing, 'share') })).toBeVisible();
    await expect(guestPage.getByRole('menuitem', { name: de(detail, 'editSettings') })).toHaveCount(0);
    await expect(guestPage.getByRole('menuitem', { name: de(detail, 'delete') })).toHaveCount(0);
    await guestPage.keyboard.press('Escape');
    await expectNoAxeViolations(guestPage, 'project as viewer');

    await guestPage.goto(licencePath);
    await expect(guestPage.getByRole('heading', { level: 1, name: 'Adressvalidierung' })).toBeVisible();
    await expect(guestPage.getByRole('button', { name: de(licenceTexts, 'menu') })).toHaveCount(0);
    await expect(guestPage.getByRole('tab', { name: de(licenceTexts, 'tabSettings') })).toHaveCount(0);

    // The owner makes Vera an editor in the dialog.
    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: de(detail, 'menu') }).click();
    await ownerPage.getByRole('menuitem', { name: de(sharing, 'share') }).click();
    const activeRow = ownerPage.getByRole('dialog').getByRole('listitem').filter({ hasText: guest.email });
    await expect(activeRow.getByText(de(sharing, 'invitedState'))).toHaveCount(0);
    await activeRow.getByLabel(de(sharing, 'roleOf', { name: 'Vera Viewer' })).selectOption('editor');
    await expect(toast(ownerPage, de(sharing, 'roleChanged', { name: 'Vera Viewer' }))).toBeVisible();

    // Vera, now editor, switches the licence off.
    await guestPage.reload();
    await guestPage.getByRole('button', { name: de(licenceTexts, 'menu') }).click();
    await guestPage.getByRole('menuitemcheckbox', { name: new RegExp(de(licenceTexts, 'online')) }).click();
    await expect(toast(guestPage, de(notifications, 'serviceDeactivated'))).toBeVisible();
    await expect(guestPage.getByText(de(licenceTexts, 'inactive'), { exact: true })).toBeVisible();

    await ownerContext.close();
    await guestContext.close();
  });
});
