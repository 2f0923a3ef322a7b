import type { Period } from '../../lib/period.js';
import type { CentsRow } from '../admin-report/admin-report.service.js';
import type { VatTreatment } from './vat.js';

// One invoice or credit note as its documents (CII XML, later the PDF) show it. Pure data: the
// invoice run fills it from the billing profile, the seller settings and the cost model; every
// amount is in integer euro cents (docs/billing.md#amounts-and-rounding).

export interface PostalAddress {
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2, e.g. DE. */
  country: string;
}

export interface InvoiceSeller {
  name: string;
  address: PostalAddress;
  /** USt-IdNr., e.g. DE123456789 (BT-31). */
  vatId: string | null;
  /** Steuernummer (BT-32). */
  taxNumber: string | null;
  /** Register court and number, e.g. "Amtsgericht Köln, HRB 12345" (part of BT-33). */
  register: string | null;
  managingDirectors: readonly string[];
  bank: { iban: string; bic: string | null; bankName: string | null };
  /** Seller contact (BG-6): XRechnung needs name, phone and e-mail. */
  contact: { name: string; phone: string; email: string };
  /** The seller's electronic address (BT-34), an e-mail address. */
  electronicAddress: string;
  paymentTermsDays: number;
}

export interface InvoiceBuyer {
  name: string;
  address: PostalAddress;
  /** VAT ID; a buyer with one is a business (reverse charge within the EU). */
  vatId: string | null;
  /** The invoice e-mail, the buyer's electronic address (BT-49). */
  email: string;
  /** Buyer reference (BT-10), the Leitweg-ID of a public buyer. */
  buyerReference: string | null;
  /** Purchase order reference (BT-13). */
  purchaseOrderRef: string | null;
}

/** UNTDID 1001: 380 commercial invoice, 381 credit note. */
export type InvoiceTypeCode = '380' | '381';

export type InvoiceLineKind = 'usage' | 'monthly' | 'single';

/**
 * One line per charge kind of a licence (EN 16931 BG-25): quantity × net price / base quantity.
 * usage: calls (unit C62) at the price per 1,000 calls (base quantity 1000); monthly: months
 * (unit MON) at the monthly fee; single: 1 (C62) at the single payment.
 */
export interface InvoiceLine {
  kind: InvoiceLineKind;
  serviceName: string;
  projectName: string;
  period: Period;
  quantity: number;
  unitCode: 'C62' | 'MON';
  netPriceCents: number;
  baseQuantity: number;
  /** The line net amount (BT-131), the cost model's cents for this licence and kind. */
  netCents: number;
}

export interface InvoiceDocument {
  typeCode: InvoiceTypeCode;
  number: string;
  /** 'YYYY-MM-DD' */
  issueDate: string;
  dueDate: string;
  /** The billing period (BG-14), usually one calendar month. */
  period: Period;
  currency: 'EUR';
  language: 'de' | 'en';
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** The VAT case of the buyer (vat.ts), fixed when the invoice is made. */
  vat: VatTreatment;
  /** A credit note's invoice (BG-3). */
  precedingInvoice: { number: string; issueDate: string } | null;
  lines: readonly InvoiceLine[];
}

/** A licence's charges in a period: its names, its service's prices and the cost model's cents. */
export interface LicenceCharges {
  serviceName: string;
  projectName: string;
  period: Period;
  price: { pricePer1000Calls: number; monthlyFee: number; singlePayment: number };
  /** The cost model's cents for this licence and period (costsOfLicences, the admin report's). */
  cents: CentsRow;
}

/**
 * The invoice lines of one licence, taken from the cost model's cents as they are (never worked
 * out again): usage (price_api), monthly fee (monthly) and single payment (single_payment).
 * A kind with nothing to bill gives no line; usage with calls but a zero price still shows.
 */
export function licenceLines(charges: LicenceCharges): InvoiceLine[] {
  const { serviceName, projectName, period, price, cents } = charges;
  const common = { serviceName, projectName, period };
  const lines: InvoiceLine[] = [];
  if (cents.calls > 0 || cents.priceApi > 0) {
    lines.push({
      ...common,
      kind: 'usage',
      quantity: cents.calls,
      unitCode: 'C62',
      netPriceCents: price.pricePer1000Calls,
      baseQuantity: 1000,
      netCents: cents.priceApi,
    });
  }
  if (cents.monthly > 0) {
    // The cost model bills the fee once per month the licence existed, so this divides evenly;
    // should it not (a fee changed mid-way), the line bills the amount as one unit.
    const months =
      price.monthlyFee > 0 && cents.monthly % price.monthlyFee === 0 ? cents.monthly / price.monthlyFee : 0;
    lines.push({
      ...common,
      kind: 'monthly',
      quantity: months || 1,
      unitCode: months ? 'MON' : 'C62',
      netPriceCents: months ? price.monthlyFee : cents.monthly,
      baseQuantity: 1,
      netCents: cents.monthly,
    });
  }
  if (cents.singlePayment > 0) {
    lines.push({
      ...common,
      kind: 'single',
      quantity: 1,
      unitCode: 'C62',
      netPriceCents: cents.singlePayment,
      baseQuantity: 1,
      netCents: cents.singlePayment,
    });
  }
  return lines;
}
