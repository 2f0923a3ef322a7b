import { describe, expect, it } from 'vitest';
import { euStandardVatRates } from '@portal/contract/billing/vat-rates';
import {
  addLicenceCosts,
  monthsOfPeriod,
  NO_CENTS,
} from '../src/modules/admin-report/admin-report.service.js';
import { formatCents, invoiceTotals, vatOf } from '../src/modules/billing/invoice-amounts.js';
import { licenceLines, type InvoiceLine } from '../src/modules/billing/invoice-document.js';
import { formatRate, vatNotes, vatTreatment } from '../src/modules/billing/vat.js';

// The pure billing core: VAT cases, amounts in cents, and invoice lines from the cost model
// (docs/billing.md#vat, #amounts-and-rounding).

describe('VAT cases of a seller in Germany', () => {
  it('charges 19 % to a buyer in Germany, with or without VAT ID', () => {
    for (const vatId of [null, 'DE987654321']) {
      const vat = vatTreatment({ country: 'DE', vatId });
      expect(vat).toMatchObject({
        case: 'domestic',
        category: 'S',
        rateHundredths: 1900,
        exemptionReasonCode: null,
        note: null,
      });
    }
  });

  it('reverse-charges a business with a VAT ID in another EU country (AE, 0 %) with the bilingual note', () => {
    const vat = vatTreatment({ country: 'AT', vatId: 'ATU12345678' });
    expect(vat).toMatchObject({
      case: 'reverseCharge',
      category: 'AE',
      rateHundredths: 0,
      exemptionReasonCode: 'VATEX-EU-AE',
    });
    expect(vat.exemptionReason).toBe('Steuerschuldnerschaft des Leistungsempfängers / Reverse charge');
    expect(vat.note).toBe(vatNotes.reverseCharge);
  });

  it('treats a buyer outside the EU as not taxable in Germany (O), VAT ID or not', () => {
    for (const [country, vatId] of [
      ['CH', 'CHE-123.456.789'],
      ['US', null],
      ['GB', 'GB123456789'],
    ] as const) {
      const vat = vatTreatment({ country, vatId });
      expect(vat).toMatchObject({
        case: 'notTaxable',
        category: 'O',
        rateHundredths: 0,
        exemptionReasonCode: 'VATEX-EU-O',
      });
      expect(vat.exemptionReason).toMatch(/^Nicht im Inland steuerbare Leistung \/ Not taxable in Germany$/);
    }
  });

  it("charges a consumer in another EU country that country's standard rate (OSS), named in the note", () => {
    expect(vatTreatment({ country: 'FR', vatId: null })).toMatchObject({
      case: 'oss',
      category: 'S',
      rateHundredths: 2000,
      country: 'FR',
    });
    expect(vatTreatment({ country: 'at', vatId: '  ' })).toMatchObject({
      case: 'oss',
      rateHundredths: 2000,
      country: 'AT',
    });
    const finland = vatTreatment({ country: 'FI', vatId: null });
    expect(finland.rateHundredths).toBe(2550);
    expect(finland.note).toContain('FI (25.5 %)');
    expect(finland.exemptionReason).toBeNull();
  });

  it('keeps one standard rate for each of the 27 member states', () => {
    expect(Object.keys(euStandardVatRates)).toHaveLength(27);
    for (const rate of Object.values(euStandardVatRates)) expect(rate >= 1500 && rate <= 2700).toBe(true);
    expect([formatRate(1900), formatRate(2550), formatRate(0), formatRate(2125)]).toEqual([
      '19',
      '25.5',
      '0',
      '21.25',
    ]);
  });
});

const line = (netCents: number): InvoiceLine => ({
  kind: 'single',
  serviceName: 's',
  projectName: 'p',
  period: { from: '2026-10-01', to: '2026-10-31' },
  quantity: 1,
  unitCode: 'C62',
  netPriceCents: netCents,
  baseQuantity: 1,
  netCents,
});

describe('invoice amounts in cents', () => {
  it('works out VAT once on the category basis, rounded half up, and totals that add up', () => {
    // 3 × 0.02 € at 19 %: VAT per line would be 0.0038 € → 0.00 each; on the basis 0.06 € it is 0.0114 € → 0.01 €.
    const totals = invoiceTotals([line(2), line(2), line(2)], vatTreatment({ country: 'DE', vatId: null }));
    expect(totals).toMatchObject({
      lineTotalCents: 6,
      taxBasisCents: 6,
      vatTotalCents: 1,
      grandTotalCents: 7,
      duePayableCents: 7,
    });
    expect(vatOf(50, 1900)).toBe(10); // 9.5 cents rounds up
    expect(vatOf(49, 1900)).toBe(9);
  });

  it('adds up exactly for many lines of odd cents in every VAT case', () => {
    const lines = Array.from({ length: 250 }, (_, i) => line(((i * 7919) % 100_003) + 1));
    const sum = lines.reduce((total, l) => total + l.netCents, 0);
    for (const buyer of [
      { country: 'DE', vatId: null },
      { country: 'HU', vatId: null },
      { country: 'IT', vatId: 'IT12345678901' },
      { country: 'CH', vatId: null },
    ]) {
      const vat = vatTreatment(buyer);
      const totals = invoiceTotals(lines, vat);
      expect(totals.lineTotalCents).toBe(sum);
      expect(totals.breakdown.reduce((t, b) => t + b.basisCents, 0)).toBe(totals.taxBasisCents);
      expect(totals.breakdown.reduce((t, b) => t + b.vatCents, 0)).toBe(totals.vatTotalCents);
      expect(totals.vatTotalCents).toBe(Math.round((sum * vat.rateHundredths) / 10_000));
      expect(totals.grandTotalCents).toBe(totals.taxBasisCents + totals.vatTotalCents);
      expect(totals.duePayableCents).toBe(totals.grandTotalCents);
    }
  });

  it('refuses amounts that are not whole non-negative cents (a credit note is positive too)', () => {
    const vat = vatTreatment({ country: 'DE', vatId: null });
    expect(() => invoiceTotals([line(-100)], vat)).toThrow(RangeError);
    expect(() => invoiceTotals([line(10.5)], vat)).toThrow(RangeError);
  });

  it('writes cents as decimal amounts', () => {
    expect([formatCents(0), formatCents(5), formatCents(123_456), formatCents(100)]).toEqual([
      '0.00',
      '0.05',
      '1234.56',
      '1.00',
    ]);
  });
});

describe('invoice lines from the cost model', () => {
  const october = { from: '2026-10-01', to: '2026-10-31' };
  const quarter = { from: '2026-10-01', to: '2026-12-31' };
  const cases = [
    {
      name: 'calls, fee and single payment',
      created: '2026-10-05T10:00:00.000Z',
      calls: 123_457,
      price: { pricePer1000Calls: 150, monthlyFee: 4900, singlePayment: 9999 },
      period: october,
    },
    {
      name: 'odd price per 1,000 calls',
      created: '2025-01-01T00:00:00.000Z',
      calls: 333,
      price: { pricePer1000Calls: 7, monthlyFee: 0, singlePayment: 500 },
      period: october,
    },
    {
      name: 'three months',
      created: '2026-01-01T00:00:00.000Z',
      calls: 1_000_001,
      price: { pricePer1000Calls: 1, monthlyFee: 1234, singlePayment: 0 },
      period: quarter,
    },
    {
      name: 'nothing to bill',
      created: '2025-01-01T00:00:00.000Z',
      calls: 0,
      price: { pricePer1000Calls: 100, monthlyFee: 0, singlePayment: 0 },
      period: october,
    },
  ];

  for (const c of cases) {
    it(`bills exactly the admin report's cents (${c.name})`, () => {
      const cents = { ...NO_CENTS };
      addLicenceCosts(
        cents,
        { createdAt: c.created, deletedAt: null },
        null,
        c.price,
        c.calls,
        c.period,
        monthsOfPeriod(c.period),
      );
      const lines = licenceLines({
        serviceName: 'Geocoder',
        projectName: 'Shop',
        period: c.period,
        price: c.price,
        cents,
      });
      const of = (kind: InvoiceLine['kind']) =>
        lines.filter((l) => l.kind === kind).reduce((t, l) => t + l.netCents, 0);
      expect(of('usage')).toBe(cents.priceApi);
      expect(of('monthly')).toBe(cents.monthly);
      expect(of('single')).toBe(cents.singlePayment);
      for (const l of lines) {
        // Each line reads as quantity × net price / base quantity, rounded to the cent.
        expect(Math.round((l.quantity * l.netPriceCents) / l.baseQuantity)).toBe(l.netCents);
      }
      if (cents.priceApi + cents.monthly + cents.singlePayment === 0) expect(lines).toEqual([]);
    });
  }

  it('counts the months of the fee as the quantity', () => {
    const cents = { ...NO_CENTS };
    const price = { pricePer1000Calls: 0, monthlyFee: 1234, singlePayment: 0 };
    addLicenceCosts(
      cents,
      { createdAt: '2026-01-01T00:00:00.000Z', deletedAt: null },
      null,
      price,
      0,
      quarter,
      monthsOfPeriod(quarter),
    );
    expect(licenceLines({ serviceName: 's', projectName: 'p', period: quarter, price, cents })).toEqual([
      expect.objectContaining({
        kind: 'monthly',
        quantity: 3,
        unitCode: 'MON',
        netPriceCents: 1234,
        netCents: 3702,
      }),
    ]);
  });
});
