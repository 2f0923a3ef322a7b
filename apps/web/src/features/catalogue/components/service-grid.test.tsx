import type { ServiceSummary } from '@portal/contract/service';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ServiceGrid } from './service-grid';

const longText =
  'Prüft Adressen in Echtzeit gegen amtliche Verzeichnisse und schlägt Korrekturen vor, bevor die Bestellung abgeschickt wird.';

function service(id: string, de: string, en: string, short = 'Kurz.'): ServiceSummary {
  return {
    key: id,
    id,
    category: 'address',
    name: { de, en },
    descriptionShort: { de: short, en: 'Short.' },
    accounting: 'request',
    logo: null,
    thumbnail: null,
    pricePer1000Calls: 1.5,
    monthlyFee: 0,
    singlePayment: 0,
  };
}

describe('ServiceGrid', () => {
  it('lists the services with links to /services/{name}-{id} and cut descriptions', async () => {
    const languages: string[] = [];
    server.use(
      http.get('*/rest/collection/service', ({ request }) => {
        languages.push(request.headers.get('content-language') ?? '');
        return HttpResponse.json([
          service('a1', 'Adressprüfung', 'Address check', longText),
          service('b2', 'Captcha Pro', 'Captcha Pro'),
        ]);
      }),
    );
    const { i18n } = await renderWithProviders(
      <>
        <h2 id="title">Services</h2>
        <ServiceGrid labelledBy="title" />
      </>,
    );

    const list = await screen.findByRole('list', { name: 'Services' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Adressprüfung' })).toHaveAttribute(
      'href',
      '/services/adresspruefung-a1',
    );
    expect(within(items[0]!).getByText(
        // Cut between words within the 90 characters: not "…vor, be...".
        'Prüft Adressen in Echtzeit gegen amtliche Verzeichnisse und schlägt Korrekturen vor...',
      )).toBeInTheDocument();
    expect(languages).toEqual(['de']);

    await act(() => setLanguage(i18n, 'en'));
    expect(await screen.findByRole('link', { name: 'Address check' })).toHaveAttribute(
      'href',
      '/services/address-check-a1',
    );
    expect(languages).toEqual(['de', 'en']);
  });

  it('says so when the services cannot be loaded', async () => {
    server.use(
      http.get('*/rest/collection/service', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }),
      ),
    );
    await renderWithProviders(<ServiceGrid labelledBy="x" />, {
      texts: [
        {
          namespace: 'ServiceOverview',
          id: 'error',
          de: 'Die Services konnten nicht geladen werden.',
          en: 'x',
        },
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Services konnten nicht geladen werden.');
  });
});
