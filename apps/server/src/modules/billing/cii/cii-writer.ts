import type { Period } from '../../../lib/period.js';
import type { InvoiceDocument, InvoiceLine, PostalAddress } from '../invoice-document.js';
import { formatCents, invoiceTotals, type InvoiceTotals } from '../invoice-amounts.js';
import { formatRate } from '../vat.js';
import { el, serializeXml, type XmlElement } from './xml.js';

// The UN/CEFACT Cross Industry Invoice (CII D16B) of an invoice or credit note, in one of two
// guidelines (docs/billing.md#documents): EN 16931 (embedded in the PDF as factur-x.xml,
// ZUGFeRD 2.x / Factur-X profile EN 16931) and XRechnung 3.0 (the German CIUS). Element order
// follows the CII XSD; every text goes through the escaping builder in xml.ts.

export const ciiGuidelines = {
  en16931: 'urn:cen.eu:en16931:2017',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
} as const;

export type CiiGuideline = keyof typeof ciiGuidelines;

const NS = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

const labels = {
  de: {
    usage: 'Aufrufe',
    monthly: 'Monatliche Gebühr',
    single: 'Einmalzahlung',
    project: 'Projekt',
    payBy: (date: string) => `Zahlbar ohne Abzug bis ${date.split('-').reverse().join('.')}.`,
    refund: 'Der Betrag wird Ihnen erstattet.',
    directors: 'Geschäftsführung',
  },
  en: {
    usage: 'Calls',
    monthly: 'Monthly fee',
    single: 'Single payment',
    project: 'Project',
    payBy: (date: string) => `Payable without deduction by ${date}.`,
    refund: 'The amount will be refunded to you.',
    directors: 'Managing directors',
  },
} as const;

/** 'YYYY-MM-DD' → CII date (format 102, YYYYMMDD). */
const day102 = (day: string): string => day.replaceAll('-', '');
const udtDate = (name: string, day: string): XmlElement =>
  el(name, [el('udt:DateTimeString', { format: '102' }, day102(day))]);
const periodOf = (period: Period): XmlElement =>
  el('ram:BillingSpecifiedPeriod', [
    udtDate('ram:StartDateTime', period.from),
    udtDate('ram:EndDateTime', period.to),
  ]);
const amount = (name: string, cents: number, currency?: string): XmlElement =>
  el(name, currency ? { currencyID: currency } : {}, formatCents(cents));
const nonBlank = (value: string | null | undefined): value is string => value != null && value.trim() !== '';

function address(a: PostalAddress): XmlElement {
  return el('ram:PostalTradeAddress', [
    el('ram:PostcodeCode', a.postcode),
    el('ram:LineOne', a.street),
    el('ram:CityName', a.city),
    el('ram:CountryID', a.country.toUpperCase()),
  ]);
}

/** A quantity or price as a decimal text (integers here). */
const decimal = (value: number): string => String(value);

function line(doc: InvoiceDocument, item: InvoiceLine, index: number): XmlElement {
  const text = labels[doc.language];
  const { vat } = doc;
  return el('ram:IncludedSupplyChainTradeLineItem', [
    el('ram:AssociatedDocumentLineDocument', [el('ram:LineID', String(index + 1))]),
    el('ram:SpecifiedTradeProduct', [
      el('ram:Name', `${item.serviceName} – ${text[item.kind]}`),
      el('ram:Description', `${text.project} ${item.projectName}`),
    ]),
    el('ram:SpecifiedLineTradeAgreement', [
      el('ram:NetPriceProductTradePrice', [
        el('ram:ChargeAmount', formatCents(item.netPriceCents)),
        item.baseQuantity !== 1 &&
          el('ram:BasisQuantity', { unitCode: item.unitCode }, decimal(item.baseQuantity)),
      ]),
    ]),
    el('ram:SpecifiedLineTradeDelivery', [
      el('ram:BilledQuantity', { unitCode: item.unitCode }, decimal(item.quantity)),
    ]),
    el('ram:SpecifiedLineTradeSettlement', [
      el('ram:ApplicableTradeTax', [
        el('ram:TypeCode', 'VAT'),
        el('ram:CategoryCode', vat.category),
        // EN 16931 BR-O-5: a line not subject to VAT carries no rate.
        vat.category !== 'O' && el('ram:RateApplicablePercent', formatRate(vat.rateHundredths)),
      ]),
      periodOf(item.period),
      el('ram:SpecifiedTradeSettlementLineMonetarySummation', [amount('ram:LineTotalAmount', item.netCents)]),
    ]),
  ]);
}

function sellerParty(doc: InvoiceDocument): XmlElement {
  const { seller, vat } = doc;
  const text = labels[doc.language];
  const legal = [
    seller.managingDirectors.length > 0 ? `${text.directors}: ${seller.managingDirectors.join(', ')}` : null,
    seller.register,
  ].filter(nonBlank);
  return el('ram:SellerTradeParty', [
    el('ram:Name', seller.name),
    legal.length > 0 && el('ram:Description', legal.join('; ')),
    nonBlank(seller.register) && el('ram:SpecifiedLegalOrganization', [el('ram:ID', seller.register)]),
    el('ram:DefinedTradeContact', [
      el('ram:PersonName', seller.contact.name),
      el('ram:TelephoneUniversalCommunication', [el('ram:CompleteNumber', seller.contact.phone)]),
      el('ram:EmailURIUniversalCommunication', [el('ram:URIID', seller.contact.email)]),
    ]),
    address(seller.address),
    el('ram:URIUniversalCommunication', [el('ram:URIID', { schemeID: 'EM' }, seller.electronicAddress)]),
    // EN 16931 BR-O-2: an invoice not subject to VAT names no seller VAT ID.
    vat.category !== 'O' &&
      nonBlank(seller.vatId) &&
      el('ram:SpecifiedTaxRegistration', [el('ram:ID', { schemeID: 'VA' }, seller.vatId)]),
    nonBlank(seller.taxNumber) &&
      el('ram:SpecifiedTaxRegistration', [el('ram:ID', { schemeID: 'FC' }, seller.taxNumber)]),
  ]);
}

function buyerParty(doc: InvoiceDocument): XmlElement {
  const { buyer, vat } = doc;
  return el('ram:BuyerTradeParty', [
    el('ram:Name', buyer.name),
    address(buyer.address),
    el('ram:URIUniversalCommunication', [el('ram:URIID', { schemeID: 'EM' }, buyer.email)]),
    // BR-O-4: no buyer VAT ID either when not subject to VAT.
    vat.category !== 'O' &&
      nonBlank(buyer.vatId) &&
      el('ram:SpecifiedTaxRegistration', [el('ram:ID', { schemeID: 'VA' }, buyer.vatId)]),
  ]);
}

function settlement(doc: InvoiceDocument, totals: InvoiceTotals): XmlElement {
  const text = labels[doc.language];
  const credit = doc.typeCode === '381';
  return el('ram:ApplicableHeaderTradeSettlement', [
    !credit && el('ram:PaymentReference', doc.number),
    el('ram:InvoiceCurrencyCode', doc.currency),
    credit
      ? // The money flows back to the buyer, whose account the portal does not hold: "not defined".
        el('ram:SpecifiedTradeSettlementPaymentMeans', [el('ram:TypeCode', '1')])
      : el('ram:SpecifiedTradeSettlementPaymentMeans', [
          // SEPA credit transfer to the seller's account.
          el('ram:TypeCode', '58'),
          el('ram:PayeePartyCreditorFinancialAccount', [
            el('ram:IBANID', doc.seller.bank.iban.replace(/\s+/g, '')),
          ]),
          nonBlank(doc.seller.bank.bic) &&
            el('ram:PayeeSpecifiedCreditorFinancialInstitution', [el('ram:BICID', doc.seller.bank.bic)]),
        ]),
    ...totals.breakdown.map((b) =>
      el('ram:ApplicableTradeTax', [
        amount('ram:CalculatedAmount', b.vatCents),
        el('ram:TypeCode', 'VAT'),
        nonBlank(b.exemptionReason) && el('ram:ExemptionReason', b.exemptionReason),
        amount('ram:BasisAmount', b.basisCents),
        el('ram:CategoryCode', b.category),
        nonBlank(b.exemptionReasonCode) && el('ram:ExemptionReasonCode', b.exemptionReasonCode),
        el('ram:RateApplicablePercent', formatRate(b.rateHundredths)),
      ]),
    ),
    periodOf(doc.period),
    el('ram:SpecifiedTradePaymentTerms', [
      el('ram:Description', credit ? text.refund : text.payBy(doc.dueDate)),
      udtDate('ram:DueDateDateTime', doc.dueDate),
    ]),
    el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
      amount('ram:LineTotalAmount', totals.lineTotalCents),
      amount('ram:TaxBasisTotalAmount', totals.taxBasisCents),
      amount('ram:TaxTotalAmount', totals.vatTotalCents, doc.currency),
      amount('ram:GrandTotalAmount', totals.grandTotalCents),
      amount('ram:DuePayableAmount', totals.duePayableCents),
    ]),
    doc.precedingInvoice &&
      el('ram:InvoiceReferencedDocument', [
        el('ram:IssuerAssignedID', doc.precedingInvoice.number),
        el('ram:FormattedIssueDateTime', [
          el('qdt:DateTimeString', { format: '102' }, day102(doc.precedingInvoice.issueDate)),
        ]),
      ]),
  ]);
}

/** Why a document cannot be written as a valid e-invoice, or null. */
export function ciiProblem(doc: InvoiceDocument): string | null {
  const { seller, buyer, vat } = doc;
  if (doc.lines.length === 0) return 'An invoice needs at least one line.';
  if (doc.typeCode === '381' && !doc.precedingInvoice) return 'A credit note names the invoice it refers to.';
  if (vat.category === 'AE' && (!nonBlank(seller.vatId) || !nonBlank(buyer.vatId)))
    return 'Reverse charge needs the VAT IDs of seller and buyer.';
  if (vat.category === 'S' && !nonBlank(seller.vatId) && !nonBlank(seller.taxNumber))
    return 'The seller needs a VAT ID or a tax number.';
  if (vat.category === 'O' && !nonBlank(seller.register) && !nonBlank(seller.taxNumber))
    return 'Not taxable invoices name no VAT ID, so the seller needs a register entry or a tax number.';
  return null;
}

/**
 * The CII XML of an invoice or credit note; both guidelines carry the same business content and
 * differ only in the specification identifier (BT-24), so the factur-x.xml passes the XRechnung
 * rules too. XRechnung needs a buyer reference (BT-10): the buyer's own (the Leitweg-ID of a
 * public buyer), else the purchase order reference, else the invoice number.
 */
export function writeCii(doc: InvoiceDocument, guideline: CiiGuideline): string {
  const problem = ciiProblem(doc);
  if (problem) throw new Error(problem);
  const totals = invoiceTotals(doc.lines, doc.vat);
  const buyerReference = [doc.buyer.buyerReference, doc.buyer.purchaseOrderRef, doc.number].find(nonBlank);
  const notes = [doc.vat.note].filter(nonBlank);
  const root = el('rsm:CrossIndustryInvoice', NS, [
    el('rsm:ExchangedDocumentContext', [
      el('ram:BusinessProcessSpecifiedDocumentContextParameter', [
        el('ram:ID', 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'),
      ]),
      el('ram:GuidelineSpecifiedDocumentContextParameter', [el('ram:ID', ciiGuidelines[guideline])]),
    ]),
    el('rsm:ExchangedDocument', [
      el('ram:ID', doc.number),
      el('ram:TypeCode', doc.typeCode),
      udtDate('ram:IssueDateTime', doc.issueDate),
      ...notes.map((note) => el('ram:IncludedNote', [el('ram:Content', note)])),
    ]),
    el('rsm:SupplyChainTradeTransaction', [
      ...doc.lines.map((item, index) => line(doc, item, index)),
      el('ram:ApplicableHeaderTradeAgreement', [
        nonBlank(buyerReference) && el('ram:BuyerReference', buyerReference),
        sellerParty(doc),
        buyerParty(doc),
        nonBlank(doc.buyer.purchaseOrderRef) &&
          el('ram:BuyerOrderReferencedDocument', [el('ram:IssuerAssignedID', doc.buyer.purchaseOrderRef)]),
      ]),
      el('ram:ApplicableHeaderTradeDelivery', []),
      settlement(doc, totals),
    ]),
  ]);
  return serializeXml(root);
}
