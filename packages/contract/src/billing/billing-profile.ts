import { z } from 'zod';
import { singleLineText } from '../text.js';
import { isCountryCode } from './country.js';
import { isLeitwegId } from './identifiers.js';
import { normalizeVatId, vatIdProblem, VAT_ID_PROBLEMS } from './vat-id.js';

// A customer's billing profile (docs/billing.md#billing-profile): who the invoices of the projects
// they own are addressed to. One per person; the customer or an admin writes it whole (PUT).

export const BILLING_LIMITS = {
  name: 150,
  street: 150,
  postcode: 16,
  city: 100,
  vatId: 16,
  email: 254,
  purchaseOrderRef: 100,
  buyerReference: 46,
} as const;

/**
 * Field problems of billing data, each worded by the server (lib/error-messages.ts) and the web
 * (texts Billing): the issue's message names the problem.
 */
export const BILLING_PROBLEMS = [
  'country',
  ...VAT_ID_PROBLEMS,
  'email',
  'leitwegId',
  'iban',
  'bic',
  'invoiceNumberFormat',
  'paymentTerms',
  'vatIdOrTaxNumber',
] as const;
export type BillingProblem = (typeof BILLING_PROBLEMS)[number];

export const isBillingProblem = (value: unknown): value is BillingProblem =>
  (BILLING_PROBLEMS as readonly unknown[]).includes(value);

/** One line of text, trimmed, at most `max` characters (required: at least one). */
export const billingText = (max: number) => singleLineText().trim().max(max);

/** An optional text: '' and missing are stored as null. */
export const optionalBillingText = (max: number) =>
  billingText(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const countrySchema = singleLineText()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCountryCode, { message: 'country' });

const isEmail = (value: string): boolean => z.email().safeParse(value).success;

/** An e-mail address, stored in lower case. */
export const billingEmailSchema = singleLineText()
  .trim()
  .toLowerCase()
  .max(BILLING_LIMITS.email)
  .refine(isEmail, { message: 'email' });

export const optionalBillingEmailSchema = billingEmailSchema
  .or(z.literal(''))
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** A VAT ID as typed (spaces, dots and hyphens allowed); null when empty. Checked against the country by the object. */
export const optionalVatIdSchema = singleLineText()
  .max(BILLING_LIMITS.vatId * 2)
  .transform(normalizeVatId)
  .pipe(z.string().max(BILLING_LIMITS.vatId))
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** The VAT ID must fit the country (issue at `vatId`). */
export function checkVatId(value: { vatId: string | null; country: string }, ctx: z.RefinementCtx): void {
  // A country that is none is its own problem; the VAT ID is judged against a real one only.
  if (value.vatId === null || !isCountryCode(value.country)) return;
  const problem = vatIdProblem(value.vatId, value.country);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['vatId'], input: value.vatId });
}

export const billingProfileInputSchema = z
  .object({
    /** Company, or the person's name for a consumer. */
    name: billingText(BILLING_LIMITS.name).min(1),
    street: billingText(BILLING_LIMITS.street).min(1),
    postcode: billingText(BILLING_LIMITS.postcode).default(''),
    city: billingText(BILLING_LIMITS.city).min(1),
    country: countrySchema,
    vatId: optionalVatIdSchema,
    invoiceEmail: billingEmailSchema,
    purchaseOrderRef: optionalBillingText(BILLING_LIMITS.purchaseOrderRef),
    /** Leitweg-ID of a German public buyer (XRechnung BT-10), upper case. */
    buyerReference: billingText(BILLING_LIMITS.buyerReference)
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || isLeitwegId(v), { message: 'leitwegId' })
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    /** The invoice mails carry the XML (XRechnung) too. */
    wantsXml: z.boolean().default(false),
  })
  .strict()
  .superRefine(checkVatId);
export type BillingProfileInput = z.input<typeof billingProfileInputSchema>;
export type BillingProfileValues = z.output<typeof billingProfileInputSchema>;

export const billingProfileSchema = z.object({
  personId: z.string(),
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  vatId: z.string().nullable(),
  invoiceEmail: z.string(),
  purchaseOrderRef: z.string().nullable(),
  buyerReference: z.string().nullable(),
  wantsXml: z.boolean(),
  /** ISO timestamp of the last change. */
  updatedAt: z.string(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;
