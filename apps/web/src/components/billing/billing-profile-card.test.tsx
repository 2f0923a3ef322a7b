import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { BillingProfileCard } from './billing-profile-card';

const url = '*/rest/collection/person/u1/billing';

describe('BillingProfileCard', () => {
  it('starts empty, checks the VAT ID against the country before sending, then saves the whole profile', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(url, () => HttpResponse.json(null)),
      http.put(url, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...body, personId: 'u1', vatId: 'DE123456789', postcode: '50667', updatedAt: '2026-11-27T04:00:00.000Z' });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<BillingProfileCard oid="u1" fallbackEmail="dana@example.com" />);
    const form = await screen.findByRole('form', { name: 'title' });
    expect(screen.getByText('empty')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'invoiceEmail' })).toHaveValue('dana@example.com');

    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'Dana GmbH');
    await user.type(within(form).getByRole('textbox', { name: 'street' }), 'Weg 1');
    await user.type(within(form).getByRole('textbox', { name: 'postcode' }), '50667');
    await user.type(within(form).getByRole('textbox', { name: 'city' }), 'Köln');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'country' }), 'DE');
    const vatId = within(form).getByRole('textbox', { name: 'vatId' });
    await user.type(vatId, 'ATU12345678');
    await user.click(within(form).getByRole('button', { name: 'save' }));
    expect(await within(form).findByText('vatIdCountry')).toBeInTheDocument();
    expect(vatId).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(vatId);
    await user.type(vatId, 'DE 123 456 789');
    await user.click(within(form).getByRole('checkbox', { name: 'wantsXml' }));
    await user.click(within(form).getByRole('button', { name: 'save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'Dana GmbH',
      street: 'Weg 1',
      postcode: '50667',
      city: 'Köln',
      country: 'DE',
      vatId: 'DE 123 456 789',
      invoiceEmail: 'dana@example.com',
      purchaseOrderRef: null,
      buyerReference: null,
      wantsXml: true,
    });
    expect(await screen.findByText('lastChanged')).toBeInTheDocument();
    expect(screen.queryByText('empty')).not.toBeInTheDocument();
  });

  it("marks the fields the server refuses with the server's words", async () => {
    server.use(
      http.get(url, () =>
        HttpResponse.json({
          personId: 'u1',
          name: 'Dana GmbH',
          street: 'Weg 1',
          postcode: '',
          city: 'Köln',
          country: 'DE',
          vatId: null,
          invoiceEmail: 'dana@example.com',
          purchaseOrderRef: null,
          buyerReference: null,
          wantsXml: false,
          updatedAt: '2026-11-27T04:00:00.000Z',
        }),
      ),
      http.put(url, () =>
        HttpResponse.json(
          { error: { code: 'validation', message: 'Die Eingaben sind nicht gültig.', fields: { city: 'Vom Server abgelehnt' } } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<BillingProfileCard oid="u1" />);
    const form = await screen.findByRole('form', { name: 'title' });
    await user.click(within(form).getByRole('button', { name: 'save' }));
    expect(await within(form).findByText('Vom Server abgelehnt')).toBeInTheDocument();
    expect(within(form).getByText('saveFailed')).toBeInTheDocument();
  });

  it('refuses a broken Leitweg-ID and an unknown e-mail format before sending', async () => {
    let puts = 0;
    server.use(
      http.get(url, () => HttpResponse.json(null)),
      http.put(url, () => {
        puts++;
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<BillingProfileCard oid="u1" />);
    const form = await screen.findByRole('form', { name: 'title' });
    await user.type(within(form).getByRole('textbox', { name: 'invoiceEmail' }), 'nicht-mail');
    await user.type(within(form).getByRole('textbox', { name: 'buyerReference' }), '991-33333TEST-34');
    await user.click(within(form).getByRole('button', { name: 'save' }));
    expect(await within(form).findByText('leitwegId')).toBeInTheDocument();
    expect(within(form).getByText('email')).toBeInTheDocument();
    expect(within(form).getByText('country_problem')).toBeInTheDocument();
    expect(within(form).getAllByText('required').length).toBeGreaterThanOrEqual(3);
    expect(puts).toBe(0);
  });
});
