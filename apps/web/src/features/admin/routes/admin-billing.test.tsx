import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SellerSettingsForm } from './admin-billing';

const url = '*/rest/collection/admin/billing-settings';

describe('SellerSettingsForm', () => {
  it('shows the number format as an example, refuses a wrong IBAN, and saves the whole settings', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.put(url, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...body, updatedAt: '2026-11-27T04:00:00.000Z' });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<SellerSettingsForm settings={null} />);
    const form = await screen.findByRole('form', { name: 'sellerTitle' });
    expect(within(form).getByText('sellerEmpty')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'invoiceNumberFormat_label' })).toHaveValue('RE-{year}-{seq:6}');
    expect(within(form).getByRole('spinbutton', { name: 'paymentTermsDays' })).toHaveValue(14);

    await user.type(within(form).getByRole('textbox', { name: 'sellerCompany' }), 'Anbieter GmbH');
    await user.type(within(form).getByRole('textbox', { name: 'street' }), 'Am Markt 2');
    await user.type(within(form).getByRole('textbox', { name: 'postcode' }), '10115');
    await user.type(within(form).getByRole('textbox', { name: 'city' }), 'Berlin');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'country' }), 'DE');
    await user.type(within(form).getByRole('textbox', { name: 'taxNumber' }), '30/123/45678');
    const iban = within(form).getByRole('textbox', { name: 'iban_label' });
    await user.type(iban, 'DE89 3704 0044 0532 0130 01');
    await user.type(within(form).getByRole('textbox', { name: 'senderEmail' }), 'rechnungen@anbieter.example');
    const format = within(form).getByRole('textbox', { name: 'invoiceNumberFormat_label' });
    await user.clear(format);
    await user.type(format, 'RE {{seq}');
    await user.click(within(form).getByRole('button', { name: 'sellerSave' }));
    expect(await within(form).findByText('iban')).toBeInTheDocument();
    expect(within(form).getByText('invoiceNumberFormat')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(iban);
    await user.type(iban, 'DE89 3704 0044 0532 0130 00');
    await user.clear(format);
    await user.type(format, 'RE-{{year}-{{seq:4}');
    await user.click(within(form).getByRole('button', { name: 'sellerSave' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      company: 'Anbieter GmbH',
      country: 'DE',
      vatId: null,
      taxNumber: '30/123/45678',
      iban: 'DE89 3704 0044 0532 0130 00',
      paymentTermsDays: 14,
      invoiceNumberFormat: 'RE-{year}-{seq:4}',
      senderEmail: 'rechnungen@anbieter.example',
    });
  });

  it('refuses payment terms past 120 days', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<SellerSettingsForm settings={null} />);
    const form = await screen.findByRole('form', { name: 'sellerTitle' });
    const days = within(form).getByRole('spinbutton', { name: 'paymentTermsDays' });
    await user.clear(days);
    await user.type(days, '121');
    await user.click(within(form).getByRole('button', { name: 'sellerSave' }));
    expect(await within(form).findByText('paymentTerms')).toBeInTheDocument();
  });
});
