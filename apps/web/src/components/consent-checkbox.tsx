import { useId, type ReactElement, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { FieldError, RequiredMark } from '@/components/ui/field';

/**
 * A box to tick to accept legal texts, with links to them in its label. A link opens a new tab,
 * so the form keeps what was typed, and following it does not tick the box.
 */
export function ConsentCheckbox({
  field,
  label,
  invalid,
  error,
  required = false,
}: {
  /** form.register(name) of the box. */
  field: UseFormRegisterReturn;
  /** The label; `link(href)` makes a link element that <Trans> puts the link text into. */
  label: (link: (href: string) => ReactElement) => ReactNode;
  invalid: boolean;
  /** Shown under the box (when invalid). */
  error?: string | undefined;
  required?: boolean;
}) {
  const { t } = useTranslation('Form');
  const id = useId();
  const link = (href: string) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={`${id}-new-tab`}
      className="font-medium text-primary underline underline-offset-2"
    />
  );
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...(required ? { required: true, 'aria-required': 'true' as const } : {})}
          {...field}
        />
        <label htmlFor={id} className="text-sm leading-snug">
          {label(link)}
          {required ? <RequiredMark /> : null}
        </label>
        <span id={`${id}-new-tab`} hidden>
          {t('opensInNewTab')}
        </span>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
