import type {
  InvoiceBuyer,
  InvoiceDocument,
  InvoiceLine,
  InvoiceSeller,
} from '../../src/modules/billing/invoice-document.js';
import { vatTreatment } from '../../src/modules/billing/vat.js';

// Invoice documents for the billing tests: one seller in Germany, buyers per VAT case.

export const testSeller: InvoiceSeller = {
  name: 'Muster API GmbH',
  address: { street: 'Hauptstraße 1', postcode: '50667', city: 'Köln', country: 'DE' },
  vatId: 'DE123456789',
  taxNumber: '214/5678/0123',
  register: 'Amtsgericht Köln, HRB 12345',
  managingDirectors: ['Erika Mustermann'],
  bank: { iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001', bankName: 'Deutsche Kreditbank' },
  contact: { name: 'Buchhaltung', phone: '+49 221 123456', email: 'rechnung@muster-api.example' },
  electronicAddress: 'rechnung@muster-api.example',
  paymentTermsDays: 14,
};

export function buyer(country: string, overrides: Partial<InvoiceBuyer> = {}): InvoiceBuyer {
  return {
    name: 'Kunde AG',
    address: { street: 'Am Markt 5', postcode: '10115', city: 'Berlin', country },
    vatId: null,
    email: 'buchhaltung@kunde.example',
    buyerReference: null,
    purchaseOrderRef: null,
    ...overrides,
  };
}

const period = { from: '2026-10-01', to: '2026-10-31' };

export const sampleLines: InvoiceLine[] = [
  {
    kind: 'usage',
    serviceName: 'Geocoder',
    projectName: 'Shop',
    period,
    quantity: 123_457,
    unitCode: 'C62',
    netPriceCents: 150,
    baseQuantity: 1000,
    netCents: 18_519,
  },
  {
    kind: 'monthly',
    serviceName: 'Geocoder',
    projectName: 'Shop',
    period,
    quantity: 1,
    unitCode: 'MON',
    netPriceCents: 4_900,
    baseQuantity: 1,
    netCents: 4_900,
  },
  {
    kind: 'single',
    serviceName: 'Geocoder',
    projectName: 'Shop',
    period,
    quantity: 1,
    unitCode: 'C62',
    netPriceCents: 9_999,
    baseQuantity: 1,
    netCents: 9_999,
  },
];

export function invoiceFor(b: InvoiceBuyer, overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    typeCode: '380',
    number: 'RE-2026-000042',
    issueDate: '2026-11-02',
    dueDate: '2026-11-16',
    period,
    currency: 'EUR',
    language: 'de',
    seller: testSeller,
    buyer: b,
    vat: vatTreatment({ country: b.address.country, vatId: b.vatId }),
    precedingInvoice: null,
    lines: sampleLines,
    ...overrides,
  };
}
