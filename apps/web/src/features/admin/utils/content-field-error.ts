import type { TFunction } from 'i18next';
import { fieldErrorText } from './field-errors';

/**
 * fieldErrorText for the content areas, whose fields hold no e-mail address: a value of the
 * wrong form (a price like "12,5x", an address with capitals) is "invalid", not "not an e-mail".
 */
export function contentFieldError(
  t: TFunction<'Admin'>,
  error: { type?: string | number; message?: string } | undefined,
): string | undefined {
  if (error?.type === 'invalid_format') return t('fieldInvalid');
  return fieldErrorText(t, error);
}
