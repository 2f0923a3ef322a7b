// Amounts and call counts as the screens show them (docs/domain.md#display-formats), the same
// in both interface languages: the separators are fixed, not the language's. Amounts are
// grouped as in en-US (1,234.50), calls as in de-DE (1.234). The browser brings Intl: no bundle
// cost. A value is rounded before it is formatted (half away from zero, as people round money),
// and a negative amount that rounds to zero shows no sign ('negative').

type Amount = number | string | null | undefined;

function toNumber(value: Amount): number {
  if (value === null || value === undefined || value === '') return 0;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

const amountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
const callsFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0, signDisplay: 'negative' });

/** Amounts: comma thousands, two decimals, '0.00' for empty or zero: 1,234,567.50 */
export function formatAmount(value: Amount): string {
  const amount = toNumber(value);
  // toPrecision(15) first: 1.005 * 100 is 100.49999999999999 in binary floating point.
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  return amountFormat.format((Math.sign(amount) * cents) / 100);
}

/** A price with the euro sign: '1,234.00 €'; empty or zero → '0.00 €'. */
export function formatPrice(value: Amount): string {
  return `${formatAmount(value)} €`;
}

/** Calls: dot thousands separator, whole numbers: 1.234.567 */
export function formatCalls(value: Amount): string {
  return callsFormat.format(Math.round(toNumber(value)));
}
