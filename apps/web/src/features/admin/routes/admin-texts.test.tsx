import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AdminTextsRoute } from './admin-texts';

const item = {
  key: 'Price.includedCalls',
  namespace: 'Price',
  id: 'includedCalls',
  de: '{{calls}} Aufrufe inklusive',
  en: '{{calls}} calls included',
  shipped: { de: '{{calls}} Aufrufe inklusive', en: '{{calls}} calls included' },
  customised: false,
};

/** Signed in as an admin, with one text in the list. */
function adminWithOneText() {
  window.localStorage.setItem(storageKeys.token, 'tok');
  window.localStorage.setItem(storageKeys.oid, 'admin1');
  server.use(
    http.get('*/rest/collection/person/admin1', () =>
      HttpResponse.json({ oid: 'admin1', email: 'a@example.com', firstname: 'A', lastname: 'B', isAdmin: true }),
    ),
    http.get('*/rest/collection/admin/translation', () =>
      HttpResponse.json({ items: [item], page: 1, pageSize: 25, total: 1, namespaces: ['Price'] }),
    ),
  );
}

async function textRow() {
  await renderWithProviders(<AdminTextsRoute />, { path: '/admin/texts' });
  return screen.findByRole('form', { name: 'Price.includedCalls' });
}

describe('AdminTextsRoute', () => {
  it('refuses an empty German text in the browser without sending anything', async () => {
    adminWithOneText();
    let sent = false;
    server.use(http.patch('*/rest/collection/admin/translation/*', () => ((sent = true), HttpResponse.json({}))));
    const row = await textRow();
    const german = within(row).getByRole('textbox', { name: 'german' });
    await userEvent.clear(german);
    await userEvent.click(within(row).getByRole('button', { name: 'save' }));
    expect(await within(row).findByRole('alert')).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('keeps what was typed when the server refuses it, with its message at the field; a later save sends JSON', async () => {
    adminWithOneText();
    const bodies: unknown[] = [];
    let refuse = true;
    server.use(
      http.patch('*/rest/collection/admin/translation/Price.includedCalls', async ({ request }) => {
        bodies.push(await request.json());
        if (refuse) {
          refuse = false;
          return HttpResponse.json(
            { error: { code: 'validation', message: 'Die Eingaben sind nicht gültig.', fields: { de: 'Platzhalter fehlen' } } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ de: '{{calls}} Abrufe inklusive', en: item.en });
      }),
    );
    const row = await textRow();
    const german = within(row).getByRole('textbox', { name: 'german' });
    await userEvent.clear(german);
    await userEvent.type(german, 'Aufrufe inklusive');
    await userEvent.click(within(row).getByRole('button', { name: 'save' }));
    expect(await within(row).findByText('Platzhalter fehlen')).toBeInTheDocument();
    expect(german).toHaveValue('Aufrufe inklusive');

    await userEvent.clear(german);
    // user-event reads braces as key descriptors: {{ types one brace.
    await userEvent.type(german, '{{{{calls}} Abrufe inklusive');
    await userEvent.click(within(row).getByRole('button', { name: 'save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { de: 'Aufrufe inklusive', en: item.en },
      { de: '{{calls}} Abrufe inklusive', en: item.en },
    ]);
    // Saved: nothing left to save.
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'save' })).not.toBeInTheDocument());
  });
});
