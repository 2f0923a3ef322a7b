// Amounts and call counts as the screens show them (docs/domain.md#display-formats), the same
// in both interface languages: the separators are fixed, not the language's. Amounts are
// grouped as in en-US (1,234.50), calls as in de-DE (1.234); the tests check both against
// Intl.NumberFormat. A value is rounded before it is formatted (half away from zero, as people
// round money), and a negative amount that rounds to zero shows no sign.

type Amount = number | string | null | undefined;

function toNumber(value: Amount): number {
  if (value === null || value === undefined || value === '') return 0;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

/**
 * The digits of a whole number with `separator` between groups of three: 1234567 → 1,234,567.
 * By hand rather than Intl.NumberFormat: a page's first NumberFormat loads the browser's number
 * data, 30 to 40 ms of main thread on a desktop (4 times that on a phone) before the price page
 * or a service page can show a price (docs/performance.md#first-load-javascript). BigInt
 * writes every finite whole number in full, where String() switches to exponents at 1e21.
 */
function groupDigits(whole: number, separator: string): string {
  return BigInt(whole)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, separator);
}

/** Amounts: comma thousands, two decimals, '0.00' for empty or zero: 1,234,567.50 */
export function formatAmount(value: Amount): string {
  const amount = toNumber(value);
  // toPrecision(15) first: 1.005 * 100 is 100.49999999999999 in binary floating point.
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  const sign = amount < 0 && cents > 0 ? '-' : '';
  const euros = Math.floor(cents / 100);
  return `${sign}${groupDigits(euros, ',')}.${String(cents - euros * 100).padStart(2, '0')}`;
}

/** A price with the euro sign: '1,234.00 €'; empty or zero → '0.00 €'. */
export function formatPrice(value: Amount): string {
  return `${formatAmount(value)} €`;
}

/** Calls: dot thousands separator, whole numbers: 1.234.567 */
export function formatCalls(value: Amount): string {
  const calls = Math.round(toNumber(value));
  return `${calls < 0 ? '-' : ''}${groupDigits(Math.abs(calls), '.')}`;
}
