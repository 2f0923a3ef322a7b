import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminPerson } from '@portal/contract/admin-person';
import { storageKeys } from '@/lib/storage';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AdminCustomerRoute } from './admin-customer';

const customer: AdminPerson = {
  id: 'cust1',
  email: 'dana@example.com',
  salutation: 'f',
  firstname: 'Dana',
  lastname: 'Demo',
  company: 'Demo GmbH',
  language: 'de',
  isAdmin: false,
  disabled: false,
  verified: true,
  lastSignInAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  projects: [],
};

function signedInAdmin() {
  window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
  window.localStorage.setItem(storageKeys.oid, 'admin1');
  server.use(
    http.get('*/rest/collection/person/admin1', () =>
      HttpResponse.json({ id: 'admin1', oid: 'admin1', key: 'admin1', email: 'admin@example.com', firstname: 'A', lastname: 'A', salutation: null, language: 'de', place: '', company: '', avatar: null, lastModified: '', isAdmin: true }),
    ),
    http.get('*/rest/collection/admin/person/cust1', () => HttpResponse.json(customer)),
    // The customer's billing details card (none yet).
    http.get('*/rest/collection/person/cust1/billing', () => HttpResponse.json(null)),
  );
}

// Without texts the keys show (i18next returns the key): labels are 'firstname', 'company' …
async function renderCustomer() {
  const rendered = await renderWithProviders(
    <Routes>
      <Route path="/admin/customers/:id" element={<AdminCustomerRoute />} />
    </Routes>,
    { path: '/admin/customers/cust1' },
  );
  await screen.findByRole('heading', { level: 1, name: 'Dana Demo' });
  return rendered;
}

describe('a customer in the admin console', () => {
  it('keeps what was typed when a save fails, with the server message under the field', async () => {
    signedInAdmin();
    const sent: string[] = [];
    server.use(
      http.patch('*/rest/collection/admin/person/cust1', async ({ request }) => {
        sent.push(await request.text());
        return HttpResponse.json(
          { error: { code: 'validation', message: 'Die Eingaben sind nicht gültig.', fields: { company: 'Zu lang' } } },
          { status: 400 },
        );
      }),
    );
    await renderCustomer();
    const user = userEvent.setup();
    const company = screen.getByRole('textbox', { name: 'company' });
    await user.clear(company);
    await user.type(company, 'Neue Firma AG');
    // The customer's details have their own save; the billing card below has one too.
    await user.click(within(screen.getByRole('region', { name: 'detailData' })).getByRole('button', { name: 'save' }));

    await waitFor(() => expect(company).toHaveAccessibleDescription('Zu lang'));
    expect(company).toHaveValue('Neue Firma AG');
    expect(screen.getByRole('textbox', { name: 'firstname' })).toHaveValue('Dana');
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent === 'saveFailed')).toBe(true);
    // Only the changed field went out.
    expect(sent).toEqual(['company=Neue%20Firma%20AG']);
  });

  it('checks the contract limits in the browser before anything is sent', async () => {
    signedInAdmin();
    let calls = 0;
    server.use(http.patch('*/rest/collection/admin/person/cust1', () => void calls++));
    await renderCustomer();
    const user = userEvent.setup();
    const lastname = screen.getByRole('textbox', { name: 'lastname' });
    // maxLength stops typing at the limit; a pasted value may still be longer.
    lastname.removeAttribute('maxlength');
    await user.clear(lastname);
    await user.click(lastname);
    await user.paste('x'.repeat(101));
    // The customer's details have their own save; the billing card below has one too.
    await user.click(within(screen.getByRole('region', { name: 'detailData' })).getByRole('button', { name: 'save' }));
    await waitFor(() => expect(lastname).toHaveAccessibleDescription('fieldTooLong'));
    expect(calls).toBe(0);
  });

  it('deletes the customer with the admin’s own password, showing the server’s reason with the shared projects first', async () => {
    signedInAdmin();
    const sent: unknown[] = [];
    server.use(
      http.delete('*/rest/collection/admin/person/cust1', async ({ request }) => {
        sent.push(await request.json());
        if (sent.length === 1)
          return HttpResponse.json(
            { error: { code: 'sharedProjects', message: 'Erst übergeben.', problems: ['Gemeinsam'] } },
            { status: 409 },
          );
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderCustomer();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'deleteCustomer' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/ownProof/), 'admin passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'deleteCustomer' }));
    expect(await within(dialog).findByText('Erst übergeben. Gemeinsam')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'deleteCustomer' }));
    await waitFor(() => expect(sent).toEqual([{ password: 'admin passphrase' }, { password: 'admin passphrase' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
