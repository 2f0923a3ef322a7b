import { useId, type ComponentProps } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { LICENCE_KEY_PLACEHOLDER } from '@portal/contract/admin-service';
import { toCodeLanguage } from '@/components/code/code-language';
import { CodeSurface } from '@/components/code/code-surface';
import { Textarea } from '@/components/ui/input';
import { LICENCE_KEY_EXAMPLE } from './service-form-schema';

/**
 * A code template and, beside it, what a customer will see on their licence page: the same
 * highlighting, with the placeholder replaced by an example key.
 */
export function CodeTemplateField({
  label,
  hint,
  error,
  type,
  value,
  textarea,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  /** 'html', 'javascript' or 'php'. */
  type: string;
  value: string;
  /** The registered textarea's props (react-hook-form). */
  textarea: ComponentProps<'textarea'>;
}) {
  const { t } = useTranslation('AdminServices');
  const id = useId();
  const code = value.replaceAll(LICENCE_KEY_PLACEHOLDER, LICENCE_KEY_EXAMPLE);
  const language = toCodeLanguage(type);
  const missingKey = value.trim() !== '' && !value.includes(LICENCE_KEY_PLACEHOLDER);
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <div className="grid content-start gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Textarea
          id={id}
          rows={8}
          spellCheck={false}
          className="font-mono text-sm"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          {...textarea}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint ?? t('templateHint', { placeholder: LICENCE_KEY_PLACEHOLDER })}
        </p>
        {missingKey ? (
          <p className="text-xs text-amber-800 dark:text-amber-300">
            {t('templateNoPlaceholder', { placeholder: LICENCE_KEY_PLACEHOLDER })}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <figure className="grid content-start gap-1.5">
        <figcaption className="text-sm font-medium">{t('preview')}</figcaption>
        {/* Dark in both themes, as on the licence page. */}
        <CodeSurface
          code={code}
          language={language}
          role="region"
          aria-label={t('previewOf', { label })}
          className="max-h-72 min-h-24 overflow-auto rounded-lg bg-slate-950 p-4 font-mono text-sm leading-relaxed whitespace-pre-wrap break-words text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
      </figure>
    </div>
  );
}
