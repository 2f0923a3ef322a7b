import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Project } from '@portal/contract/project';
import type { ProjectCosts } from '@portal/contract/project-costs';
import type { ServiceSummary } from '@portal/contract/service';
import { server } from '@/testing/msw-server';
import { renderWithProviders, type TestText } from '@/testing/render-with-providers';
import { AddServicesDialog } from './add-services-dialog';
import { ProjectCostsCard } from './project-costs-card';

// Adding a paid service: the picker says what it costs, and the costs card counts it at once,
// without a reload.

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

const service = (id: string, prices: Partial<ServiceSummary>): ServiceSummary => ({
  key: id,
  id,
  category: 'data',
  name: { de: id, en: id },
  descriptionShort: { de: 'Kurz', en: 'Short' },
  accounting: 'request',
  logo: null,
  thumbnail: null,
  pricePer1000Calls: 0,
  monthlyFee: 0,
  singlePayment: 0,
  ...prices,
});

const zero = { calls: 0, price_api: 0, monthly: 0, single_payment: 0, price_gesamt: 0 };
const costs = (monthly: number): ProjectCosts => ({
  dateVon: '2031-01-01',
  dateBis: '2031-01-31',
  licences: [],
  totals: { ...zero, monthly, price_gesamt: monthly },
});

const texts: TestText[] = [
  { namespace: 'ProjectDetail', id: 'addServices', de: 'Services hinzufügen', en: 'Add services' },
  { namespace: 'ProjectDetail', id: 'addSelected', de: '{{count}} hinzufügen', en: 'Add {{count}}' },
  { namespace: 'Card', id: 'pricePer1000Calls', de: '{{price}} pro 1.000 Aufrufe', en: '{{price}} per 1,000 calls' },
  { namespace: 'Card', id: 'monthlyFee', de: '{{price}} im Monat', en: '{{price}} per month' },
  { namespace: 'Card', id: 'singlePayment', de: '{{price}} einmalig', en: '{{price}} one-off' },
  { namespace: 'Card', id: 'priceFree', de: 'Ohne laufende Kosten', en: 'No recurring costs' },
];

describe('AddServicesDialog', () => {
  it("shows each service's price, and the costs card counts an added one at once", async () => {
    let monthly = 0;
    server.use(
      http.get('*/rest/collection/service', () =>
        HttpResponse.json([
          service('geo', { monthlyFee: 49 }),
          service('iban', { pricePer1000Calls: 1.5, singlePayment: 100 }),
          service('free', {}),
        ]),
      ),
      http.get('*/rest/collection/project/p1/costs', () => HttpResponse.json(costs(monthly))),
      http.get('*/rest/collection/person/*/projects', () => HttpResponse.json([project])),
      http.put('*/rest/collection/project/p1/service_licence/geo', () => {
        monthly = 49;
        return HttpResponse.json(project, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(
      <>
        <AddServicesDialog project={project} />
        <ProjectCostsCard project={project} />
      </>,
      { texts },
    );
    const [thisMonth] = await screen.findAllByRole('group', { name: 'costsThisMonth' });
    expect(await within(thisMonth!).findByText('0.00 €', { selector: 'p' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Services hinzufügen' }));
    const dialog = await screen.findByRole('dialog');
    const geo = await within(dialog).findByRole('checkbox', { name: /geo/ });
    expect(geo).toHaveAccessibleName(expect.stringContaining('49.00 € im Monat'));
    expect(within(dialog).getByRole('checkbox', { name: /iban/ })).toHaveAccessibleName(
      expect.stringContaining('1.50 € pro 1.000 Aufrufe · 100.00 € einmalig'),
    );
    expect(within(dialog).getByRole('checkbox', { name: /free/ })).toHaveAccessibleName(
      expect.stringContaining('Ohne laufende Kosten'),
    );

    await user.click(geo);
    await user.click(within(dialog).getByRole('button', { name: '1 hinzufügen' }));
    expect(await within(thisMonth!).findByText('49.00 €', { selector: 'p' })).toBeInTheDocument();
  });
});
