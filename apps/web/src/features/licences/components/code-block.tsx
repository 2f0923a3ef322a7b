import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { toCodeLanguage } from '@/components/code/code-language';
import { CodeSurface } from '@/components/code/code-surface';
import { useCopy } from './use-copy';

const languageNames = { html: 'HTML', javascript: 'JavaScript', php: 'PHP' } as const;

export interface CodeBlockProps {
  title: string;
  hint?: string;
  code: string;
  /** The API's code type ('html', 'javascript', 'php'). */
  type: string;
}

/**
 * A snippet to copy into the customer's site: highlighted (the highlighter loads on
 * demand; until then the same text shows plain), with a copy button that says 'copied' for
 * 2000 ms. The code surface is dark in both themes, as editors usually are.
 */
export function CodeBlock({ title, hint, code, type }: CodeBlockProps) {
  const { t } = useTranslation('Licence');
  const id = useId();
  const { copy, copied, failed } = useCopy();
  const language = toCodeLanguage(type);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="overflow-hidden rounded-xl border border-border bg-card shadow-xs"
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5">
        <div className="flex min-w-0 items-center gap-2">
          <h3 id={`${id}-title`} className="font-semibold">
            {title}
          </h3>
          {title === languageNames[language] ? null : (
            <span className="hidden rounded-md bg-muted px-2 py-0.5 font-mono text-xs text-muted-foreground sm:inline">
              {languageNames[language]}
            </span>
          )}
        </div>
        <Button variant="outline" size="sm" aria-describedby={`${id}-title`} onClick={() => void copy(code)}>
          {copied ? (
            <Check aria-hidden="true" className="text-emerald-600 dark:text-emerald-400" />
          ) : (
            <Copy aria-hidden="true" />
          )}
          {/* The label itself changes; aria-live makes screen readers say it. */}
          <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
        </Button>
      </div>
      {hint ? <p className="px-4 pt-3 text-sm text-muted-foreground sm:px-5">{hint}</p> : null}
      {failed ? (
        <p role="alert" className="px-4 pt-3 text-sm text-red-700 sm:px-5 dark:text-red-400">
          {t('copyFailed')}
        </p>
      ) : null}
      <div className="p-3 sm:p-4">
        <CodeSurface
          code={code}
          language={language}
          className="max-h-[40rem] overflow-auto rounded-lg bg-slate-950 p-4 font-mono text-[13px] leading-relaxed text-slate-100 dark:ring-1 dark:ring-white/10"
        />
      </div>
    </section>
  );
}
