import { z } from 'zod';
import {
  billingEmailSchema,
  billingText,
  countrySchema,
  checkVatId,
  optionalBillingEmailSchema,
  optionalBillingText,
  optionalVatIdSchema,
} from './billing-profile.js';
import { compactCode, isBic, isIban } from './identifiers.js';

// The seller settings (docs/billing.md#seller-settings): the provider's own data on every invoice.
// One row; an admin writes it whole (PUT), audited.

export const SELLER_LIMITS = {
  company: 150,
  street: 150,
  postcode: 16,
  city: 100,
  taxNumber: 32,
  registerCourt: 100,
  registerNumber: 50,
  managingDirectors: 300,
  bankName: 100,
  contactName: 100,
  contactPhone: 40,
  paymentTermsDays: { min: 0, max: 120 },
  invoiceNumberFormat: 40,
  /** The most digits of {seq:n}. */
  seqDigits: 12,
} as const;

export const DEFAULT_INVOICE_NUMBER_FORMAT = 'RE-{year}-{seq:6}';
export const DEFAULT_PAYMENT_TERMS_DAYS = 14;

/**
 * An invoice number format: letters, digits and - _ / . with exactly one {seq} or {seq:n}
 * (the running number, n digits with leading zeros, 1 ≤ n ≤ 12) and at most one {year}.
 */
export function isInvoiceNumberFormat(format: string): boolean {
  if (format.length > SELLER_LIMITS.invoiceNumberFormat) return false;
  const seq = format.match(/\{seq(?::(\d{1,2}))?\}/g) ?? [];
  if (seq.length !== 1) return false;
  const digits = /\{seq:(\d{1,2})\}/.exec(format)?.[1];
  if (digits !== undefined && (Number(digits) < 1 || Number(digits) > SELLER_LIMITS.seqDigits)) return false;
  if ((format.match(/\{year\}/g) ?? []).length > 1) return false;
  const rest = format.replace(/\{seq(?::\d{1,2})?\}|\{year\}/g, '');
  return /^[A-Za-z0-9\-_/.]*$/.test(rest);
}

/** The number a format gives for a year and running number (the web's preview; the invoice run numbers with it). */
export function formatInvoiceNumber(format: string, year: number, seq: number): string {
  return format
    .replace('{year}', String(year))
    .replace(/\{seq(?::(\d{1,2}))?\}/, (_m, digits: string | undefined) => String(seq).padStart(Number(digits ?? 1), '0'));
}

export const isPaymentTerms = (days: number): boolean =>
  Number.isInteger(days) && days >= SELLER_LIMITS.paymentTermsDays.min && days <= SELLER_LIMITS.paymentTermsDays.max;

const ibanSchema = billingText(34 * 2)
  .transform(compactCode)
  .refine(isIban, { message: 'iban' });

const optionalBicSchema = billingText(11 * 2)
  .transform(compactCode)
  .refine((v) => v === '' || isBic(v), { message: 'bic' })
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const sellerSettingsInputSchema = z
  .object({
    company: billingText(SELLER_LIMITS.company).min(1),
    street: billingText(SELLER_LIMITS.street).min(1),
    postcode: billingText(SELLER_LIMITS.postcode).min(1),
    city: billingText(SELLER_LIMITS.city).min(1),
    country: countrySchema,
    vatId: optionalVatIdSchema,
    taxNumber: optionalBillingText(SELLER_LIMITS.taxNumber),
    registerCourt: optionalBillingText(SELLER_LIMITS.registerCourt),
    registerNumber: optionalBillingText(SELLER_LIMITS.registerNumber),
    managingDirectors: optionalBillingText(SELLER_LIMITS.managingDirectors),
    iban: ibanSchema,
    bic: optionalBicSchema,
    bankName: optionalBillingText(SELLER_LIMITS.bankName),
    contactName: optionalBillingText(SELLER_LIMITS.contactName),
    contactPhone: optionalBillingText(SELLER_LIMITS.contactPhone),
    contactEmail: optionalBillingEmailSchema,
    /** Days from the invoice date to the due date, 0 to 120. */
    paymentTermsDays: z
      .number()
      .refine(isPaymentTerms, { message: 'paymentTerms' })
      .default(DEFAULT_PAYMENT_TERMS_DAYS),
    invoiceNumberFormat: billingText(SELLER_LIMITS.invoiceNumberFormat * 2)
      .refine(isInvoiceNumberFormat, { message: 'invoiceNumberFormat' })
      .default(DEFAULT_INVOICE_NUMBER_FORMAT),
    /** The address invoice mails are sent from. */
    senderEmail: billingEmailSchema,
  })
  .strict()
  .superRefine(checkVatId)
  // An invoice names the seller's VAT ID or tax number (§ 14 (4) UStG).
  .superRefine((value, ctx) => {
    if (value.vatId === null && value.taxNumber === null)
      ctx.addIssue({ code: 'custom', message: 'vatIdOrTaxNumber', path: ['taxNumber'], input: value.taxNumber });
  });
export type SellerSettingsInput = z.input<typeof sellerSettingsInputSchema>;
export type SellerSettingsValues = z.output<typeof sellerSettingsInputSchema>;

export const sellerSettingsSchema = z.object({
  company: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  vatId: z.string().nullable(),
  taxNumber: z.string().nullable(),
  registerCourt: z.string().nullable(),
  registerNumber: z.string().nullable(),
  managingDirectors: z.string().nullable(),
  iban: z.string(),
  bic: z.string().nullable(),
  bankName: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  paymentTermsDays: z.number(),
  invoiceNumberFormat: z.string(),
  senderEmail: z.string(),
  /** ISO timestamp of the last change. */
  updatedAt: z.string(),
});
export type SellerSettings = z.infer<typeof sellerSettingsSchema>;
