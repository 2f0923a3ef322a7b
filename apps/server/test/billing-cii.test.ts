import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ciiGuidelines, writeCii, type CiiGuideline } from '../src/modules/billing/cii/cii-writer.js';
import type { InvoiceDocument, InvoiceLine } from '../src/modules/billing/invoice-document.js';
import { invoiceTotals } from '../src/modules/billing/invoice-amounts.js';
import { buyer, invoiceFor, sampleLines } from './support/billing-documents.js';
import { describeReport, einvoiceRules, einvoiceRulesDir, validateCiiXml } from './support/einvoice-rules.js';

// Every CII XML the billing core writes is valid against the official CII XSD, the EN 16931
// business rules and the XRechnung 3.0 rules (../shared/einvoice, or EINVOICE_RULES_DIR).

const guidelines = Object.keys(ciiGuidelines) as CiiGuideline[];

beforeAll(async () => {
  // Compiles the rules on the first run (about half a minute), later runs read the cache.
  await einvoiceRules();
}, 180_000);

describe('the validation harness', () => {
  it('passes the XRechnung testsuite example and fails the CEN example on XRechnung only', async () => {
    const examples = join(einvoiceRulesDir(), 'examples');
    const good = await validateCiiXml(
      readFileSync(join(examples, 'xrechnung-testsuite-01.05a-INVOICE_uncefact.xml'), 'utf8'),
    );
    expect(describeReport(good)).toBe('');
    const cen = await validateCiiXml(readFileSync(join(examples, 'CII_example1.xml'), 'utf8'));
    expect(describeReport(cen, 'en16931')).toBe('');
    expect(cen.xrechnung.map((f) => f.id)).toEqual(expect.arrayContaining(['BR-DE-15']));
  });

  it('finds an XSD error and says where it looked for missing rules', async () => {
    const broken = writeCii(invoiceFor(buyer('DE')), 'en16931').replace(
      '<ram:TypeCode>380</ram:TypeCode>',
      '<ram:Bogus>380</ram:Bogus>',
    );
    expect((await validateCiiXml(broken)).xsd.length).toBeGreaterThan(0);
    const saved = process.env.EINVOICE_RULES_DIR;
    process.env.EINVOICE_RULES_DIR = '/nonexistent/einvoice';
    try {
      expect(() => einvoiceRulesDir()).toThrow(/looked in \/nonexistent\/einvoice.*Set EINVOICE_RULES_DIR/);
    } finally {
      if (saved === undefined) delete process.env.EINVOICE_RULES_DIR;
      else process.env.EINVOICE_RULES_DIR = saved;
    }
  });
});

async function expectValid(doc: InvoiceDocument): Promise<string[]> {
  const xmls: string[] = [];
  for (const guideline of guidelines) {
    const xml = writeCii(doc, guideline);
    expect(xml).toContain(`<ram:ID>${ciiGuidelines[guideline]}</ram:ID>`);
    expect(describeReport(await validateCiiXml(xml)), `${doc.number} as ${guideline}`).toBe('');
    xmls.push(xml);
  }
  return xmls;
}

const text = (xml: string, element: string): string[] =>
  [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`, 'g'))].map((m) => m[1]!);

describe('CII documents valid as EN 16931 and XRechnung 3.0', () => {
  it('Germany: 19 %, SEPA credit transfer to the seller IBAN', async () => {
    const [xml] = await expectValid(invoiceFor(buyer('DE')));
    expect(text(xml!, 'ram:CategoryCode')).toEqual(['S', 'S', 'S', 'S']);
    expect(text(xml!, 'ram:RateApplicablePercent')[0]).toBe('19');
    expect(text(xml!, 'ram:IBANID')).toEqual(['DE02120300000000202051']);
    expect(text(xml!, 'ram:TypeCode')).toEqual(['380', 'VAT', 'VAT', 'VAT', '58', 'VAT']);
    // 334.18 net, VAT 63.49 (19 % of the basis), gross 397.67.
    expect(text(xml!, 'ram:GrandTotalAmount')).toEqual(['397.67']);
  });

  it('EU business with VAT ID: reverse charge AE 0 % with the note and VATEX-EU-AE', async () => {
    const [xml] = await expectValid(invoiceFor(buyer('AT', { vatId: 'ATU12345678' }), { language: 'en' }));
    expect(text(xml!, 'ram:ExemptionReason')).toEqual([
      'Steuerschuldnerschaft des Leistungsempfängers / Reverse charge',
    ]);
    expect(text(xml!, 'ram:ExemptionReasonCode')).toEqual(['VATEX-EU-AE']);
    expect(text(xml!, 'ram:TaxTotalAmount')).toEqual(['0.00']);
    expect(text(xml!, 'ram:Name')[0]).toBe('Geocoder – Calls');
  });

  it('EU consumers: the country rate under the one-stop shop (FR 20 %, AT 20 %)', async () => {
    for (const country of ['FR', 'AT']) {
      const [xml] = await expectValid(invoiceFor(buyer(country)));
      expect(text(xml!, 'ram:RateApplicablePercent')).toEqual(['20', '20', '20', '20']);
      expect(text(xml!, 'ram:CalculatedAmount')).toEqual(['66.84']);
      expect(text(xml!, 'ram:Content')[0]).toContain(`Bestimmungslandes ${country} (20 %)`);
    }
  });

  it('outside the EU (CH): not taxable in Germany (O), no VAT IDs named', async () => {
    const [xml] = await expectValid(invoiceFor(buyer('CH', { vatId: 'CHE-123.456.789' })));
    expect(text(xml!, 'ram:ExemptionReasonCode')).toEqual(['VATEX-EU-O']);
    expect(xml).not.toContain('schemeID="VA"');
  });

  it('a credit note (381) with positive amounts refers to its invoice', async () => {
    const invoice = invoiceFor(buyer('DE'));
    const [xml] = await expectValid({
      ...invoice,
      typeCode: '381',
      number: 'RE-2026-000043',
      issueDate: '2026-11-20',
      dueDate: '2026-11-20',
      precedingInvoice: { number: invoice.number, issueDate: invoice.issueDate },
    });
    expect(text(xml!, 'ram:IssuerAssignedID')).toEqual(['RE-2026-000042']);
    expect(xml).toContain('<qdt:DateTimeString format="102">20261102</qdt:DateTimeString>');
    expect(text(xml!, 'ram:DuePayableAmount')).toEqual(['397.67']);
  });

  it('a public buyer with Leitweg-ID and purchase order reference', async () => {
    const [, xrechnung] = await expectValid(
      invoiceFor(
        buyer('DE', {
          name: 'Stadt Musterstadt',
          buyerReference: '04011000-12345-67',
          purchaseOrderRef: 'PO-2026/17',
        }),
      ),
    );
    expect(text(xrechnung!, 'ram:BuyerReference')).toEqual(['04011000-12345-67']);
    expect(text(xrechnung!, 'ram:IssuerAssignedID')).toEqual(['PO-2026/17']);
  });

  it('many lines of odd cents: the totals in the XML add up', async () => {
    const lines: InvoiceLine[] = Array.from({ length: 60 }, (_, i) => ({
      ...sampleLines[0]!,
      projectName: `Projekt ${i + 1}`,
      quantity: 1000 + i * 37,
      netPriceCents: 13 + i,
      netCents: Math.round(((1000 + i * 37) * (13 + i)) / 1000),
    }));
    const doc = invoiceFor(buyer('DE'), { lines });
    const [xml] = await expectValid(doc);
    const cents = (values: string[]) => values.map((v) => Math.round(Number(v) * 100));
    const lineSum = cents(text(xml!, 'ram:LineTotalAmount'))
      .slice(0, -1)
      .reduce((a, b) => a + b, 0);
    const totals = invoiceTotals(lines, doc.vat);
    expect(lineSum).toBe(totals.lineTotalCents);
    expect(cents(text(xml!, 'ram:LineTotalAmount')).at(-1)).toBe(totals.lineTotalCents);
    expect(cents(text(xml!, 'ram:GrandTotalAmount'))).toEqual([totals.lineTotalCents + totals.vatTotalCents]);
  });

  it('special characters in names stay text: & < > quotes and umlauts', async () => {
    const name = `Müller & Söhne <GmbH> "Ä" 'ß' ]]> </ram:Name><ram:Evil/>`;
    const doc = invoiceFor(buyer('DE', { name }), {
      lines: sampleLines.map((l) => ({
        ...l,
        serviceName: 'Straße & Wege <Beta>',
        projectName: 'Ölmühle "Süd"\u0007',
      })),
    });
    const [xml] = await expectValid(doc);
    expect(xml).not.toContain('<ram:Evil/>');
    expect(xml).toContain(
      'Müller &amp; Söhne &lt;GmbH&gt; &quot;Ä&quot; &apos;ß&apos; ]]&gt; &lt;/ram:Name&gt;&lt;ram:Evil/&gt;',
    );
    expect(xml).toContain('Projekt Ölmühle &quot;Süd&quot;</ram:Description>');
  });

  it('refuses a document that cannot be a valid e-invoice', () => {
    const doc = invoiceFor(buyer('DE'));
    expect(() => writeCii({ ...doc, lines: [] }, 'en16931')).toThrow(/at least one line/);
    expect(() => writeCii({ ...doc, typeCode: '381' }, 'xrechnung')).toThrow(/credit note/);
    const ae = invoiceFor(buyer('IT', { vatId: 'IT12345678901' }));
    expect(() => writeCii({ ...ae, seller: { ...ae.seller, vatId: null } }, 'en16931')).toThrow(
      /Reverse charge/,
    );
  });
});
