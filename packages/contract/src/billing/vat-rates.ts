/**
 * Standard VAT rates of the EU member states, in hundredths of a percent (19 % = 1900), keyed by
 * ISO 3166-1 alpha-2 country code (Greece is GR here, although its VAT IDs start with EL).
 * The one place the portal keeps them (docs/billing.md#vat): a consumer in another EU country
 * is charged the rate of their country (one-stop shop, OSS).
 *
 * Source: European Commission, "VAT rates applied in the Member States of the European Union"
 * (taxation-customs.ec.europa.eu), state of 1 January 2026, with the changes of 2024/2025:
 * FI 25.5 % from 1 Sep 2024, SK 23 % from 1 Jan 2025, EE 24 % from 1 Jul 2025, RO 21 % from
 * 1 Aug 2025. Check this table against the source before each year's first invoice run.
 */
export const euStandardVatRates = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
} as const satisfies Record<string, number>;

export type EuCountry = keyof typeof euStandardVatRates;

export const isEuCountry = (country: string): country is EuCountry =>
  Object.hasOwn(euStandardVatRates, country);
