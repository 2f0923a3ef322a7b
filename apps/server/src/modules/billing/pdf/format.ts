import type { Period } from '../../../lib/period.js';
import texts from '@portal/translations/texts/InvoicePdf.json' with { type: 'json' };

// Words, amounts and dates of the invoice PDF in its language: texts from the InvoicePdf
// namespace of packages/translations, amounts as 1.234,56 € (de) or €1,234.56 (en), dates as
// 02.11.2026 (de) or 2 November 2026 (en). All days are UTC calendar days ('YYYY-MM-DD').

export type PdfLanguage = 'de' | 'en';
export type InvoicePdfTextKey = keyof typeof texts;

const locales = { de: 'de-DE', en: 'en-GB' } as const;

/** A text of the namespace with its {{placeholders}} filled in. */
export function pdfText(language: PdfLanguage, key: InvoicePdfTextKey, values: Record<string, string> = {}): string {
  return texts[key][language].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

interface Formatters {
  money: Intl.NumberFormat;
  number: Intl.NumberFormat;
  rate: Intl.NumberFormat;
  date: Intl.DateTimeFormat;
  dayMonth: Intl.DateTimeFormat;
  region: Intl.DisplayNames;
}

const formatters = new Map<PdfLanguage, Formatters>();

function formattersOf(language: PdfLanguage): Formatters {
  let f = formatters.get(language);
  if (!f) {
    const locale = locales[language];
    f = {
      money: new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }),
      number: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
      rate: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
      date:
        language === 'de'
          ? new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
          : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
      dayMonth:
        language === 'de'
          ? new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' })
          : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      region: new Intl.DisplayNames([locale], { type: 'region' }),
    };
    formatters.set(language, f);
  }
  return f;
}

const utcDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** Whole cents as a currency amount: 123456 → "1.234,56 €" / "€1,234.56". */
export const formatMoney = (language: PdfLanguage, cents: number): string =>
  formattersOf(language).money.format(cents / 100);

export const formatQuantity = (language: PdfLanguage, quantity: number): string =>
  formattersOf(language).number.format(quantity);

/** A VAT rate in hundredths of a percent: 1900 → "19", 2550 → "25,5" / "25.5". */
export const formatVatRate = (language: PdfLanguage, rateHundredths: number): string =>
  formattersOf(language).rate.format(rateHundredths / 100);

export const formatDate = (language: PdfLanguage, day: string): string => formattersOf(language).date.format(utcDay(day));

/** "01.10.–31.10.2026" / "1 Oct–31 Oct 2026"; across years, both dates in full. */
export function formatPeriod(language: PdfLanguage, period: Period): string {
  const f = formattersOf(language);
  if (period.from.slice(0, 4) !== period.to.slice(0, 4)) return `${formatDate(language, period.from)}–${formatDate(language, period.to)}`;
  const from = f.dayMonth.format(utcDay(period.from));
  const to = f.dayMonth.format(utcDay(period.to));
  return language === 'de' ? `${from}–${to}${period.to.slice(0, 4)}` : `${from}–${to} ${period.to.slice(0, 4)}`;
}

/** The country's name in the language (ISO 3166-1 alpha-2 code in, e.g. "Deutschland"). */
export function countryName(language: PdfLanguage, code: string): string {
  try {
    return formattersOf(language).region.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
