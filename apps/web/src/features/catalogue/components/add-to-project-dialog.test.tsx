import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AddToProjectDialog } from './add-to-project-dialog';

function project(id: string, name: string, serviceIds: string[], role: 'owner' | 'editor' = 'owner') {
  return {
    role,
    key: id,
    id,
    name,
    description: '',
    descriptionShort: '',
    projectOwner: { oid: 'u1', name: 'Dana Demo' },
    domainsProduction: [],
    domainsSandbox: [],
    licences: serviceIds.map((serviceId) => ({
      key: `l-${serviceId}`,
      id: `l${serviceId}`,
      service: { id: serviceId },
    })),
    createdAt: '',
    lastModified: '',
  };
}

/** The dialog for the service Captcha and the user u1, once it shows (nothing watches it close). */
async function openDialog() {
  await renderWithProviders(
    <AddToProjectDialog
      service={{ id: 'captcha', name: 'Captcha', paid: false }}
      userOid="u1"
      onClose={() => undefined}
    />,
  );
  return screen.findByRole('dialog', { name: 'addToProjectTitle' });
}

describe('AddToProjectDialog', () => {
  it('disables projects that hold the service and continue until one is chosen; adds the licence', async () => {
    let put = '';
    server.use(
      http.get('*/rest/collection/person/u1/project', () =>
        HttpResponse.json([project('p1', 'Shop', ['captcha']), project('p2', 'CRM', [])]),
      ),
      http.put('*/rest/collection/project/:projectId/service_licence/:serviceId', ({ params }) => {
        put = `${String(params.projectId)}/${String(params.serviceId)}`;
        return HttpResponse.json(project('p2', 'CRM', ['captcha']), { status: 201 });
      }),
    );
    const onClose = vi.fn();
    const { router } = await renderWithProviders(
      <AddToProjectDialog service={{ id: 'captcha', name: 'Captcha', paid: false }} userOid="u1" onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'addToProjectTitle' });
    const shop = await within(dialog).findByRole('radio', { name: /Shop/ });
    const crm = within(dialog).getByRole('radio', { name: /CRM/ });
    const proceed = within(dialog).getByRole('button', { name: 'continue' });
    expect(shop).toBeDisabled();
    expect(crm).toBeEnabled();
    expect(proceed).toBeDisabled();

    const user = userEvent.setup();
    await user.click(crm);
    expect(proceed).toBeEnabled();
    await user.click(proceed);
    const link = await within(dialog).findByRole('link', { name: 'goToProject' });
    expect(put).toBe('p2/captcha');
    expect(link).toHaveAttribute('href', '/projects/crm-p2');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/crm-p2'));
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the user has no project yet', async () => {
    server.use(http.get('*/rest/collection/person/u1/project', () => HttpResponse.json([])));
    const dialog = await openDialog();
    expect(await within(dialog).findByText('noProjects')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'goToProjects' })).toHaveAttribute('href', '/projects');
  });

  it('offers a retry when the projects cannot be loaded', async () => {
    server.use(
      http.get('*/rest/collection/person/u1/project', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }),
      ),
    );
    const dialog = await openDialog();
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'retry' })).toBeInTheDocument();
  });

  it('asks an owner for the billing details before a paid service, and holds free ones up never', async () => {
    let billing: Record<string, string> | null = null;
    server.use(
      http.get('*/rest/collection/person/u1/project', () =>
        HttpResponse.json([project('p1', 'Shop', []), project('p2', 'Shared', [], 'editor')]),
      ),
      http.get('*/rest/collection/person/u1/billing', () => HttpResponse.json(billing)),
    );
    const user = userEvent.setup();
    const first = await renderWithProviders(
      <AddToProjectDialog service={{ id: 'captcha', name: 'Captcha', paid: true }} userOid="u1" onClose={() => undefined} />,
    );
    let dialog = await screen.findByRole('dialog', { name: 'addToProjectTitle' });
    expect(await within(dialog).findByText('missingForPaid')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'missingLink' })).toHaveAttribute('href', '/profile#billing');
    // It asks, it does not hold the service back: the invoice run lists customers without details.
    await user.click(within(dialog).getByRole('radio', { name: /Shop/ }));
    expect(within(dialog).getByRole('button', { name: 'continue' })).toBeEnabled();
    first.unmount();

    billing = { personId: 'u1', name: 'Dana GmbH' };
    await renderWithProviders(
      <AddToProjectDialog service={{ id: 'captcha', name: 'Captcha', paid: true }} userOid="u1" onClose={() => undefined} />,
    );
    dialog = await screen.findByRole('dialog', { name: 'addToProjectTitle' });
    await user.click(await within(dialog).findByRole('radio', { name: /Shop/ }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'continue' })).toBeEnabled());
    expect(within(dialog).queryByText('missingForPaid')).not.toBeInTheDocument();
  });
});
