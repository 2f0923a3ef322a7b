import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeCii } from '../src/modules/billing/cii/cii-writer.js';
import type { InvoiceDocument } from '../src/modules/billing/invoice-document.js';
import { MAX_PDF_LINES, renderInvoicePdf } from '../src/modules/billing/pdf/invoice-pdf.js';
import { buyer, invoiceFor, sampleLines } from './support/billing-documents.js';
import { allDicts, latin1, loadPdf, lookupDict, nameOf, pageTexts, streamBytes, textOf, utf8 } from './support/pdf-reading.js';

// The invoice PDF (docs/billing.md#the-pdf): PDF/A-3b with the Factur-X XMP, the CII XML
// attached as factur-x.xml, embedded fonts only, an sRGB output intent, the invoice's words in
// its language and the German legal notes in German, page breaks with page numbers.

interface Rendered {
  doc: InvoiceDocument;
  xml: string;
  bytes: Uint8Array;
  pdf: PDFDocument;
  pages: string[][];
  text: string;
}

async function render(doc: InvoiceDocument): Promise<Rendered> {
  const xml = writeCii(doc, 'en16931');
  const bytes = await renderInvoicePdf(doc, xml);
  const pdf = await loadPdf(bytes);
  const pages = pageTexts(pdf);
  return { doc, xml, bytes, pdf, pages, text: pages.map((p) => p.join('\n')).join('\n') };
}

function xmpOf(r: Rendered): string {
  return utf8(streamBytes(r.pdf.context.lookup(r.pdf.catalog.get(PDFName.of('Metadata')))));
}

const manyLines = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ ...sampleLines[i % sampleLines.length]!, projectName: `Projekt ${i + 1}` }));

let domestic: Rendered;
let reverseCharge: Rendered;
let english: Rendered;

beforeAll(async () => {
  domestic = await render(invoiceFor(buyer('DE', { buyerReference: '04011000-12345-67', purchaseOrderRef: 'PO-7781' })));
  reverseCharge = await render(invoiceFor(buyer('AT', { vatId: 'ATU12345678' })));
  english = await render(invoiceFor(buyer('AT', { vatId: 'ATU12345678' }), { language: 'en' }));
});

describe('PDF/A-3b and Factur-X', () => {
  it('names PDF/A-3 conformance B and the Factur-X properties in the XMP, with their extension schema', () => {
    const xmp = xmpOf(domestic);
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('<rdf:li xml:lang="x-default">Rechnung RE-2026-000042</rdf:li>');
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:Version>1.0</fx:Version>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>');
    for (const property of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel'])
      expect(xmp).toContain(`<pdfaProperty:name>${property}</pdfaProperty:name>`);
    expect(xmp).toMatch(/<xmpMM:DocumentID>uuid:[0-9a-f-]{36}<\/xmpMM:DocumentID>/);
    // PDF/A: the metadata stream is not compressed.
    const stream = domestic.pdf.context.lookup(domestic.pdf.catalog.get(PDFName.of('Metadata')));
    expect(stream).toBeInstanceOf(PDFRawStream);
    expect((stream as PDFRawStream).dict.get(PDFName.of('Filter'))).toBeUndefined();
  });

  it('keeps the info dictionary consistent with the XMP and carries a document ID', () => {
    const { pdf } = domestic;
    const xmp = xmpOf(domestic);
    expect(pdf.getTitle()).toBe('Rechnung RE-2026-000042');
    expect(pdf.getAuthor()).toBe('Muster API GmbH');
    expect(xmp).toContain(`<pdf:Producer>${pdf.getProducer()}</pdf:Producer>`);
    expect(xmp).toContain(`<xmp:CreatorTool>${pdf.getCreator()}</xmp:CreatorTool>`);
    expect(pdf.getCreationDate()?.toISOString()).toBe('2026-11-02T00:00:00.000Z');
    expect(pdf.getModificationDate()?.toISOString()).toBe('2026-11-02T00:00:00.000Z');
    expect(xmp).toContain('<xmp:CreateDate>2026-11-02T00:00:00Z</xmp:CreateDate>');
    expect(xmp).toContain('<xmp:ModifyDate>2026-11-02T00:00:00Z</xmp:ModifyDate>');
    const id = pdf.context.trailerInfo.ID;
    expect(id).toBeInstanceOf(PDFArray);
    expect((id as PDFArray).size()).toBe(2);
    expect(latin1(domestic.bytes.subarray(-200))).toMatch(/\/ID \[ <[0-9a-f]{32}> <[0-9a-f]{32}> \]/);
    expect(textOf(pdf.catalog.get(PDFName.of('Lang')))).toBe('de-DE');
  });

  it('attaches the CII XML as factur-x.xml (text/xml, AFRelationship Alternative), byte for byte, listed in the catalog /AF', () => {
    for (const r of [domestic, reverseCharge, english]) {
      const { pdf } = r;
      const names = lookupDict(pdf, lookupDict(pdf, pdf.catalog.get(PDFName.of('Names'))).get(PDFName.of('EmbeddedFiles')));
      const list = names.lookup(PDFName.of('Names'), PDFArray).asArray();
      expect(list).toHaveLength(2);
      expect(textOf(list[0])).toBe('factur-x.xml');
      const specRef = list[1] as PDFRef;
      const spec = lookupDict(pdf, specRef);
      expect(nameOf(spec.get(PDFName.of('Type')))).toBe('Filespec');
      expect(textOf(spec.get(PDFName.of('F')))).toBe('factur-x.xml');
      expect(textOf(spec.get(PDFName.of('UF')))).toBe('factur-x.xml');
      expect(nameOf(spec.get(PDFName.of('AFRelationship')))).toBe('Alternative');
      const file = pdf.context.lookup(lookupDict(pdf, spec.get(PDFName.of('EF'))).get(PDFName.of('F')));
      expect(nameOf((file as PDFRawStream).dict.get(PDFName.of('Subtype')))).toBe('text/xml');
      const params = lookupDict(pdf, (file as PDFRawStream).dict.get(PDFName.of('Params')));
      expect(textOf(params.get(PDFName.of('ModDate')))).toMatch(/^D:20261102/);
      expect(Buffer.from(streamBytes(file)).equals(Buffer.from(r.xml, 'utf8'))).toBe(true);
      const af = pdf.catalog.lookup(PDFName.of('AF'), PDFArray).asArray();
      expect(af.map(String)).toEqual([specRef.toString()]);
    }
  });

  it('embeds every font it uses (no standard-14 font), each as a subset with its glyph program', () => {
    const fonts = allDicts(domestic.pdf).filter((d) => nameOf(d.get(PDFName.of('Type'))) === 'Font');
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      const subtype = nameOf(font.get(PDFName.of('Subtype')));
      expect(['Type0', 'CIDFontType2']).toContain(subtype);
      if (subtype === 'Type0') {
        expect(nameOf(font.get(PDFName.of('Encoding')))).toBe('Identity-H');
        expect(font.get(PDFName.of('ToUnicode'))).toBeInstanceOf(PDFRef);
        continue;
      }
      expect(nameOf(font.get(PDFName.of('BaseFont')))).toMatch(/^[A-Z]{6}\+DejaVuSansCondensed/);
      const descriptor = lookupDict(domestic.pdf, font.get(PDFName.of('FontDescriptor')));
      const program = domestic.pdf.context.lookup(descriptor.get(PDFName.of('FontFile2')));
      expect(streamBytes(program).length).toBeGreaterThan(1000);
    }
    // No page names a font outside these (a standard-14 Helvetica would have no descriptor).
    for (const page of domestic.pdf.getPages()) {
      const resources = lookupDict(domestic.pdf, page.node.Resources()?.get(PDFName.of('Font')));
      for (const [, ref] of resources.entries())
        expect(nameOf(lookupDict(domestic.pdf, ref).get(PDFName.of('Subtype')))).toBe('Type0');
    }
  });

  it('has an sRGB output intent (GTS_PDFA1) with a valid RGB display profile', () => {
    const { pdf } = domestic;
    const intents = pdf.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).asArray();
    expect(intents).toHaveLength(1);
    const intent = lookupDict(pdf, intents[0]);
    expect(nameOf(intent.get(PDFName.of('S')))).toBe('GTS_PDFA1');
    expect(textOf(intent.get(PDFName.of('OutputConditionIdentifier')))).toBe('sRGB IEC61966-2.1');
    const profileStream = pdf.context.lookup(intent.get(PDFName.of('DestOutputProfile'))) as PDFRawStream;
    expect(String(profileStream.dict.get(PDFName.of('N')))).toBe('3');
    const profile = Buffer.from(streamBytes(profileStream));
    expect(profile.readUInt32BE(0)).toBe(profile.length);
    expect(profile.toString('latin1', 12, 24)).toBe('mntrRGB XYZ ');
    expect(profile.toString('latin1', 36, 40)).toBe('acsp');
    expect(profile[8]).toBe(2); // ICC version 2
  });

  it('writes the same bytes for the same invoice (a stored checksum stays right)', async () => {
    const again = await renderInvoicePdf(domestic.doc, domestic.xml);
    expect(Buffer.from(again).equals(Buffer.from(domestic.bytes))).toBe(true);
  });

  const qpdf = spawnSync('qpdf', ['--version']).status === 0;
  it.skipIf(!qpdf && !process.env.CI)('passes qpdf --check (structure, streams, cross-reference table)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
    try {
      const file = join(dir, 'invoice.pdf');
      writeFileSync(file, domestic.bytes);
      const out = execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
      expect(out).toContain('No syntax or stream encoding errors found');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what the invoice says', () => {
  it('shows the German invoice with number, dates, references, lines, totals, payment and the seller’s legal data', () => {
    const { text, pages } = domestic;
    expect(pages).toHaveLength(1);
    for (const expected of [
      'Rechnung RE-2026-000042',
      'Rechnungsnummer',
      '02.11.2026',
      'Fällig am',
      '16.11.2026',
      '01.10.–31.10.2026',
      '04011000-12345-67',
      'PO-7781',
      'Kunde AG',
      'Geocoder – Aufrufe',
      '123.457',
      '1,50 € je 1.000',
      '185,19 €',
      'Nettobetrag',
      '334,18 €',
      'Umsatzsteuer 19 % auf 334,18 €',
      '63,49 €',
      'Zahlbetrag',
      '397,67 €',
      'IBAN DE02 1203 0000 0000 2020 51 · BIC BYLADEM1001 · Bank Deutsche Kreditbank',
      'Amtsgericht Köln, HRB 12345',
      'Geschäftsführung: Erika Mustermann',
      'USt-IdNr. DE123456789',
      'Steuernummer 214/5678/0123',
      'Seite 1 von 1',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Reverse charge');
    expect(text).not.toContain('Invoice');
  });

  it('states the reverse charge in German in a German invoice, with the buyer’s VAT ID and no VAT', () => {
    const { text } = reverseCharge;
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers / Reverse charge');
    expect(text).toContain('Ihre USt-IdNr.');
    expect(text).toContain('ATU12345678');
    expect(text).toContain('Umsatzsteuer 0 % auf 334,18 €');
    expect(text).toContain('ÖSTERREICH');
  });

  it('writes an English invoice in English, amounts and dates the English way, the legal note still in German', () => {
    const { text } = english;
    for (const expected of [
      'Invoice RE-2026-000042',
      'Invoice number',
      'Due date',
      'Service period',
      '2 November 2026',
      'Unit price',
      '€1.50 per 1,000',
      '123,457',
      'Net total',
      'VAT 0 % on €334.18',
      'Amount due',
      '€334.18',
      'Steuerschuldnerschaft des Leistungsempfängers / Reverse charge',
      'Managing directors: Erika Mustermann',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Rechnungsnummer');
    expect(english.pdf.getTitle()).toBe('Invoice RE-2026-000042');
  });

  it('makes a credit note name the invoice it corrects and the refund, without a due payment', async () => {
    const credit = await render(
      invoiceFor(buyer('DE'), {
        typeCode: '381',
        number: 'RE-2026-000043',
        precedingInvoice: { number: 'RE-2026-000042', issueDate: '2026-11-02' },
      }),
    );
    expect(credit.text).toContain('Rechnungskorrektur RE-2026-000043');
    expect(credit.text).toContain('Zur Rechnung');
    expect(credit.text).toContain('stornieren wir die Rechnung RE-2026-000042 vom 02.11.2026');
    expect(credit.text).toContain('Erstattungsbetrag');
    expect(credit.text).toContain('Den Betrag von 397,67 € erstatten wir Ihnen.');
    expect(credit.text).not.toContain('Fällig am');
    expect(credit.text).not.toContain('Bitte überweisen');
  });

  it('names a buyer outside the EU not taxable, and draws characters the font lacks as "?"', async () => {
    const r = await render(invoiceFor(buyer('CH', { name: 'Kunde 🚀 AG' })));
    expect(r.text).toContain('Nicht im Inland steuerbare Leistung / Not taxable in Germany');
    expect(r.text).toContain('Kunde ? AG');
    expect(r.text).toContain('SCHWEIZ');
  });
});

describe('long texts', () => {
  it('wraps a long service name within its column and cuts what exceeds three lines with "…"', async () => {
    const long = 'Sehr-lang-benannter-Geocoding-Dienst-mit-Adressprüfung-und-Routenplanung-für-ganz-Europa '.repeat(6);
    const r = await render(invoiceFor(buyer('DE'), { lines: [{ ...sampleLines[0]!, serviceName: long, projectName: 'X'.repeat(300) }] }));
    const table = r.pages[0]!;
    const start = table.indexOf('Netto') + 1;
    const serviceCell = table.slice(start, start + 3);
    expect(serviceCell[0]).toMatch(/^Sehr-lang/);
    expect(table.some((t) => t.endsWith('…'))).toBe(true);
    expect(r.text).toContain('185,19 €');
    expect(r.text).toContain('Zahlbetrag');
  });
});

describe('many lines', () => {
  it('breaks 200 lines over several pages, repeating the table header, numbering the pages', async () => {
    const started = performance.now();
    const r = await render(invoiceFor(buyer('DE'), { lines: manyLines(200) }));
    const ms = performance.now() - started;
    expect(r.pages.length).toBeGreaterThanOrEqual(3);
    const total = r.pages.length;
    r.pages.forEach((page, i) => {
      expect(page).toContain(`Seite ${i + 1} von ${total}`);
      expect(page).toContain('Leistung');
      expect(page).toContain('Netto');
      expect(page).toContain('USt-IdNr. DE123456789');
    });
    for (const n of [1, 100, 200]) expect(r.text).toContain(`Projekt ${n}\n`);
    expect(r.pages.at(-1)!.join('\n')).toContain('Zahlbetrag');
    expect(r.pages[1]!.join('\n')).toContain('Rechnung RE-2026-000042 – Fortsetzung');
    // Bounded cost: generous for a shared 2-core machine; the docs give the measured figures.
    expect(ms).toBeLessThan(5000);
  });

  it(`refuses more than ${MAX_PDF_LINES} lines`, async () => {
    const doc = invoiceFor(buyer('DE'), { lines: manyLines(MAX_PDF_LINES + 1) });
    await expect(renderInvoicePdf(doc, '<x/>')).rejects.toThrow(RangeError);
  });
});

// The PDF/A parts that refer to each other must be found through the catalog, not by luck.
describe('catalog', () => {
  it('holds Metadata, OutputIntents, AF, Names and Lang', () => {
    const keys = domestic.pdf.catalog.keys().map((k) => k.decodeText());
    expect(keys).toEqual(expect.arrayContaining(['Metadata', 'OutputIntents', 'AF', 'Names', 'Lang']));
    expect(domestic.pdf.catalog).toBeInstanceOf(PDFDict);
  });
});
