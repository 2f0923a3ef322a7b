import { isCountryCode } from './country.js';

// Bank and routing identifiers of billing data, checked for format and check digits
// (docs/billing.md#seller-settings, #billing-profile). Letters count as in ISO 7064 (A = 10 … Z = 35).

/** The remainder modulo 97 of the number a string of digits and capital letters stands for (bounded by the callers). */
function mod97(value: string): number {
  let rest = 0;
  for (const char of value) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** Upper case, without spaces (IBAN and BIC are often written in groups of four). */
export const compactCode = (value: string): string => value.replace(/\s/g, '').toUpperCase();

/** An IBAN (compact): country, two check digits, up to 30 letters or digits, and mod 97 = 1 (ISO 13616). */
export function isIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) || !isCountryCode(iban.slice(0, 2))) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** A BIC (compact): bank, country, location and an optional branch (ISO 9362), 8 or 11 characters. */
export const isBic = (bic: string): boolean =>
  /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && isCountryCode(bic.slice(4, 6));

/**
 * A Leitweg-ID (the buyer reference of German public buyers, XRechnung BT-10): the coarse address
 * (2 to 12 digits), an optional fine address (up to 30 letters or digits) and two check digits,
 * joined by hyphens; the check digits make the whole, without hyphens, mod 97 = 1 (ISO 7064 MOD 97-10),
 * as the KoSIT's Leitweg-ID format says.
 */
export function isLeitwegId(value: string): boolean {
  const match = /^(\d{2,12})(?:-([A-Z0-9]{1,30}))?-(\d{2})$/.exec(value.toUpperCase());
  if (!match) return false;
  const [, coarse = '', fine = '', check = ''] = match;
  return mod97(`${coarse}${fine}${check}`) === 1;
}

