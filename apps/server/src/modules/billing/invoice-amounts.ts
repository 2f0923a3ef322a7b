import type { VatTreatment } from './vat.js';

// The amounts of an invoice in integer cents, as EN 16931 adds them up (docs/billing.md#amounts-and-rounding):
// each line's net amount is already whole cents (the cost model rounds per line); the VAT of
// each category and rate is worked out once on that category's basis and rounded (BR-CO-17),
// never summed from per-line VAT; the totals are plain sums, so they add up to the cent.
// A credit note (381) carries the same positive amounts as the invoice it cancels; its type
// code says that the money flows back (EN 16931 wants no negative credit note).

export interface VatBreakdown {
  category: VatTreatment['category'];
  rateHundredths: number;
  /** BT-116 */
  basisCents: number;
  /** BT-117 */
  vatCents: number;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

export interface InvoiceTotals {
  /** Sum of line net amounts (BT-106). */
  lineTotalCents: number;
  /** Total without VAT (BT-109); no document-level allowances or charges, so equal to BT-106. */
  taxBasisCents: number;
  /** Total VAT (BT-110), the sum of the breakdown's BT-117. */
  vatTotalCents: number;
  /** Total with VAT (BT-112). */
  grandTotalCents: number;
  /** Amount due for payment (BT-115); nothing is prepaid. */
  duePayableCents: number;
  breakdown: VatBreakdown[];
}

/** VAT of a basis at a rate, rounded half up to whole cents (both are non-negative integers). */
export function vatOf(basisCents: number, rateHundredths: number): number {
  return Math.round((basisCents * rateHundredths) / 10_000);
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be whole non-negative cents`);
}

/** The totals of lines that all fall under one VAT case (an invoice has one buyer, so one case). */
export function invoiceTotals(lines: readonly { netCents: number }[], vat: VatTreatment): InvoiceTotals {
  let lineTotalCents = 0;
  for (const line of lines) {
    assertCents(line.netCents, 'A line net amount');
    lineTotalCents += line.netCents;
  }
  assertCents(lineTotalCents, 'The line total');
  const vatCents = vatOf(lineTotalCents, vat.rateHundredths);
  const breakdown: VatBreakdown[] = [
    {
      category: vat.category,
      rateHundredths: vat.rateHundredths,
      basisCents: lineTotalCents,
      vatCents,
      exemptionReason: vat.exemptionReason,
      exemptionReasonCode: vat.exemptionReasonCode,
    },
  ];
  const grandTotalCents = lineTotalCents + vatCents;
  return {
    lineTotalCents,
    taxBasisCents: lineTotalCents,
    vatTotalCents: vatCents,
    grandTotalCents,
    duePayableCents: grandTotalCents,
    breakdown,
  };
}

/** Cents as an XML decimal amount: 123456 → "1234.56". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
