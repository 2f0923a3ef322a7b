import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-errors';

/**
 * The message of a form field's error in the admin's language. The contract's zod schemas
 * check the fields in the browser; their issues carry English text, so the text shown is
 * chosen by the kind of issue instead (docs/admin.md#forms).
 */
export function fieldErrorText(
  t: TFunction<'Admin'>,
  error: { type?: string | number; message?: string } | undefined,
): string | undefined {
  if (!error) return undefined;
  const type = String(error.type ?? '');
  const message = error.message ?? '';
  if (type === 'server') return message;
  if (type === 'too_big') return t('fieldTooLong');
  if (type === 'too_small' || message === 'required') return t('fieldRequired');
  if (/email/i.test(message) || type === 'invalid_format') return t('fieldEmail');
  return t('fieldInvalid');
}

/**
 * A failed save's field messages (already in the request's language, from the server) go to
 * their fields; answers whether any did. What was typed stays in the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
