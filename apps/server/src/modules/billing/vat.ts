import { euStandardVatRates, isEuCountry } from '@portal/contract/billing/vat-rates';

// The VAT case of an invoice, for a seller in Germany (docs/billing.md#vat). Rates come from the
// one EU table (packages/contract/src/billing/vat-rates.ts); the legal notes are kept here, in
// one table, always German first (the German legal wording stands in every language).

/** UNCL 5305 VAT category codes the portal uses. */
export type VatCategory = 'S' | 'AE' | 'O';

export type VatCase = 'domestic' | 'reverseCharge' | 'notTaxable' | 'oss';

export interface VatTreatment {
  case: VatCase;
  category: VatCategory;
  /** Hundredths of a percent: 19 % = 1900. */
  rateHundredths: number;
  /** Country whose VAT applies (OSS: the consumer's country). */
  country: string;
  /** Exemption reason text (BT-120) and code (BT-121), for AE and O. */
  exemptionReason: string | null;
  exemptionReasonCode: 'VATEX-EU-AE' | 'VATEX-EU-O' | null;
  /** A note on the document (BT-22) naming the case, or null for the domestic case. */
  note: string | null;
}

const SELLER_COUNTRY = 'DE';

/** The legal notes, German / English. */
export const vatNotes = {
  reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers / Reverse charge',
  notTaxable: 'Nicht im Inland steuerbare Leistung / Not taxable in Germany',
  oss: (country: string, rate: string) =>
    `Umsatzsteuer des Bestimmungslandes ${country} (${rate} %), One-Stop-Shop / VAT of the country of destination ${country} (${rate} %), one-stop shop`,
} as const;

/** "19", "25.5": a rate in hundredths of a percent as a decimal number text. */
export function formatRate(rateHundredths: number): string {
  const whole = Math.trunc(rateHundredths / 100);
  const rest = rateHundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * The VAT case of a buyer: in Germany, 19 %; a business (with a VAT ID) in another EU country,
 * reverse charge (AE, 0 %); anyone outside the EU, not taxable in Germany (O); a consumer (no
 * VAT ID) in another EU country, that country's standard rate (one-stop shop, S).
 */
export function vatTreatment(buyer: { country: string; vatId: string | null }): VatTreatment {
  const country = buyer.country.toUpperCase();
  const hasVatId = (buyer.vatId ?? '').trim() !== '';
  if (country === SELLER_COUNTRY) {
    return {
      case: 'domestic',
      category: 'S',
      rateHundredths: euStandardVatRates.DE,
      country,
      exemptionReason: null,
      exemptionReasonCode: null,
      note: null,
    };
  }
  if (!isEuCountry(country)) {
    return {
      case: 'notTaxable',
      category: 'O',
      rateHundredths: 0,
      country,
      exemptionReason: vatNotes.notTaxable,
      exemptionReasonCode: 'VATEX-EU-O',
      note: vatNotes.notTaxable,
    };
  }
  if (hasVatId) {
    return {
      case: 'reverseCharge',
      category: 'AE',
      rateHundredths: 0,
      country,
      exemptionReason: vatNotes.reverseCharge,
      exemptionReasonCode: 'VATEX-EU-AE',
      note: vatNotes.reverseCharge,
    };
  }
  const rate = euStandardVatRates[country];
  return {
    case: 'oss',
    category: 'S',
    rateHundredths: rate,
    country,
    exemptionReason: null,
    exemptionReasonCode: null,
    note: vatNotes.oss(country, formatRate(rate)),
  };
}
