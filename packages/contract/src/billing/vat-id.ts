import { isEuCountry, type EuCountryCode } from './country.js';

// VAT identification numbers of the EU member states: the one table of their formats
// (docs/billing.md#billing-profile). A VAT ID is the country's prefix (Greece: EL) and the
// national part; it is checked for its format only, not against VIES.

interface VatIdRule {
  prefix: string;
  /** The national part, after the prefix. */
  pattern: RegExp;
  /** An example for the error message and the form's hint. */
  example: string;
}

export const VAT_ID_RULES: Record<EuCountryCode, VatIdRule> = {
  AT: { prefix: 'AT', pattern: /^U\d{8}$/, example: 'ATU12345678' },
  BE: { prefix: 'BE', pattern: /^[01]\d{9}$/, example: 'BE0123456789' },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/, example: 'BG123456789' },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/, example: 'CZ12345678' },
  DE: { prefix: 'DE', pattern: /^\d{9}$/, example: 'DE123456789' },
  DK: { prefix: 'DK', pattern: /^\d{8}$/, example: 'DK12345678' },
  EE: { prefix: 'EE', pattern: /^\d{9}$/, example: 'EE123456789' },
  ES: { prefix: 'ES', pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'ESX1234567X' },
  FI: { prefix: 'FI', pattern: /^\d{8}$/, example: 'FI12345678' },
  FR: { prefix: 'FR', pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: 'FR12345678901' },
  GR: { prefix: 'EL', pattern: /^\d{9}$/, example: 'EL123456789' },
  HR: { prefix: 'HR', pattern: /^\d{11}$/, example: 'HR12345678901' },
  HU: { prefix: 'HU', pattern: /^\d{8}$/, example: 'HU12345678' },
  IE: { prefix: 'IE', pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567WA' },
  IT: { prefix: 'IT', pattern: /^\d{11}$/, example: 'IT12345678901' },
  LT: { prefix: 'LT', pattern: /^(\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { prefix: 'LU', pattern: /^\d{8}$/, example: 'LU12345678' },
  LV: { prefix: 'LV', pattern: /^\d{11}$/, example: 'LV12345678901' },
  MT: { prefix: 'MT', pattern: /^\d{8}$/, example: 'MT12345678' },
  NL: { prefix: 'NL', pattern: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { prefix: 'PL', pattern: /^\d{10}$/, example: 'PL1234567890' },
  PT: { prefix: 'PT', pattern: /^\d{9}$/, example: 'PT123456789' },
  RO: { prefix: 'RO', pattern: /^[1-9]\d{1,9}$/, example: 'RO1234567890' },
  SE: { prefix: 'SE', pattern: /^\d{10}01$/, example: 'SE123456789001' },
  SI: { prefix: 'SI', pattern: /^\d{8}$/, example: 'SI12345678' },
  SK: { prefix: 'SK', pattern: /^\d{10}$/, example: 'SK1234567890' },
};

/** What is wrong with a VAT ID for a country; each is a field problem the server words. */
export const VAT_ID_PROBLEMS = ['vatIdNotEu', 'vatIdCountry', 'vatIdFormat'] as const;
export type VatIdProblem = (typeof VAT_ID_PROBLEMS)[number];

/** The VAT ID as stored and printed: upper case, without spaces, dots and hyphens. */
export const normalizeVatId = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

/**
 * Null when `vatId` (normalized) is a well-formed VAT ID of `country`; else what is wrong:
 * a country outside the EU has none here, the prefix must be the country's, the rest its format.
 */
export function vatIdProblem(vatId: string, country: string): VatIdProblem | null {
  if (!isEuCountry(country)) return 'vatIdNotEu';
  const rule = VAT_ID_RULES[country];
  if (!vatId.startsWith(rule.prefix)) return 'vatIdCountry';
  return rule.pattern.test(vatId.slice(rule.prefix.length)) ? null : 'vatIdFormat';
}

/** The example VAT ID of a country, or null outside the EU. */
export const vatIdExample = (country: string): string | null => (isEuCountry(country) ? VAT_ID_RULES[country].example : null);
