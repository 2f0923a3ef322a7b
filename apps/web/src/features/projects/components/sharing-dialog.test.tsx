import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import type { Project } from '@portal/contract/project';
import type { Member } from '@portal/contract/project-member';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SharingDialog } from './sharing-dialog';

// The owner's sharing dialog: a pending invitation can be sent again, and when the server says
// no (already invited, the day's invitation mails spent) its message is shown, not a shrug.
// Without texts the keys show (i18next returns the key).

const project: Project = {
  key: 'p1',
  id: 'p1',
  name: 'Shop',
  description: 'A shop',
  descriptionShort: 'A shop',
  projectOwner: { oid: 'owner1', name: 'Olga Owner' },
  role: 'owner',
  domainsProduction: [],
  domainsSandbox: [],
  licences: [],
  createdAt: '2031-01-01T00:00:00.000Z',
  lastModified: '2031-01-01T00:00:00.000Z',
};

const members: Member[] = [
  { person: { oid: 'owner1', name: 'Olga Owner', email: 'olga@example.com' }, role: 'owner', state: 'active' },
  { person: { oid: 'ed1', name: 'Edgar Editor', email: 'edgar@example.com' }, role: 'editor', state: 'active' },
  { person: { oid: 'in1', name: 'ina@example.net', email: 'ina@example.net' }, role: 'viewer', state: 'invited' },
];

const limitMessage = 'Too many invitation mails have been sent today. Please try again later.';

async function renderDialog() {
  server.use(http.get('*/rest/collection/project/p1/member', () => HttpResponse.json(members)));
  await renderWithProviders(
    <>
      <SharingDialog project={project} open onOpenChange={() => undefined} />
      <Toaster />
    </>,
  );
  return screen.findByRole('dialog', { name: 'dialogTitle' });
}

describe('SharingDialog: invitations sent again and refused', () => {
  it('offers to send a pending invitation again, and only for invitations', async () => {
    const resent: string[] = [];
    server.use(
      http.post('*/rest/collection/project/p1/member/:personId/resend', ({ params }) => {
        resent.push(String(params.personId));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const dialog = await renderDialog();
    const button = await within(dialog).findByRole('button', { name: 'resend: ina@example.net' });
    expect(within(dialog).queryByRole('button', { name: 'resend: Edgar Editor' })).not.toBeInTheDocument();
    await userEvent.setup().click(button);
    expect(await screen.findByText('resent')).toBeInTheDocument();
    expect(resent).toEqual(['in1']);
  });

  it("shows the server's message when the day's invitation mails are spent", async () => {
    server.use(
      http.post('*/rest/collection/project/p1/member/:personId/resend', () =>
        HttpResponse.json(
          { error: { code: 'invitationLimit', message: limitMessage } },
          { status: 429, headers: { 'retry-after': '3600' } },
        ),
      ),
    );
    const dialog = await renderDialog();
    await userEvent.setup().click(await within(dialog).findByRole('button', { name: 'resend: ina@example.net' }));
    expect(await screen.findByText(limitMessage)).toBeInTheDocument();
  });

  it.each([
    [409, 'alreadyInvited', 'This address is already invited. You can send the invitation again from the list.'],
    [429, 'invitationLimit', limitMessage],
  ])('shows the message of a refused invitation (%i %s) under the form', async (status, code, message) => {
    server.use(
      http.post('*/rest/collection/project/p1/member', () =>
        HttpResponse.json({ error: { code, message } }, { status }),
      ),
    );
    const dialog = await renderDialog();
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'email' }), 'ina@example.net');
    await user.click(within(dialog).getByRole('button', { name: 'invite' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(message));
  });
});
