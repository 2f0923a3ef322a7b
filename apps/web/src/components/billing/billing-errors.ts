import { isBillingProblem } from '@portal/contract/billing/billing-profile';
import { vatIdExample } from '@portal/contract/billing/vat-id';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

// What is wrong with a field of the billing forms, in the reader's language: the contract's
// checks name their problem (the same words as the server's messages, texts Billing).

type BillingT = TFunction<'Billing'>;

/** The text of one issue of the contract's billing schemas; `country` fills the VAT ID examples. */
function billingIssueText(issue: z.core.$ZodIssue, t: BillingT, country: string): string {
  if (issue.code === 'custom' && isBillingProblem(issue.message)) {
    const example = vatIdExample(country) ?? 'DE123456789';
    switch (issue.message) {
      case 'country':
        return t('country_problem');
      case 'iban':
      case 'bic':
      case 'email':
      case 'leitwegId':
      case 'invoiceNumberFormat':
      case 'paymentTerms':
      case 'vatIdOrTaxNumber':
      case 'vatIdNotEu':
        return t(issue.message);
      case 'vatIdCountry':
      case 'vatIdFormat':
        return t(issue.message, { example });
    }
  }
  if (issue.path[0] === 'paymentTermsDays') return t('paymentTerms');
  if (issue.code === 'too_big') return t('tooLong');
  if (issue.code === 'too_small') return t('required');
  return t('invalid');
}

/** Field name → text, the first issue of each field. */
export function billingFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  t: BillingT,
  country: string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= billingIssueText(issue, t, country);
  }
  return fields;
}
