import { useId, useState } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { useTranslation } from '@/hooks/use-translation';
import { cn } from '@/lib/cn';
import { codeSample, sampleLanguages, type SampleLanguage, type SampleRequest } from '../utils/code-samples';
import { useCopyText } from './use-copy-text';

const languageNames: Record<SampleLanguage, string> = {
  curl: 'curl',
  javascript: 'JavaScript',
  php: 'PHP',
  python: 'Python',
};

/** The operation's request in four languages, one shown at a time, with a copy button. */
export function CodeSamples({ request, operation }: { request: SampleRequest; operation: string }) {
  const { t } = useTranslation('ApiReference');
  const id = useId();
  const hydrated = useHydrated();
  const [language, setLanguage] = useState<SampleLanguage>('curl');
  const { copy, copied, failed } = useCopyText();
  const code = codeSample(language, request);
  return (
    // A group, not a landmark: every operation has one, named by its operation.
    <div role="group" aria-label={`${t('samplesTitle')}: ${operation}`} className="overflow-hidden rounded-xl border border-border bg-slate-950 text-slate-100">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-white/10 px-3 py-2">
        <div role="group" aria-label={t('samplesLanguage')} className="flex flex-wrap gap-1">
          {sampleLanguages.map((option) => (
            <button
              key={option}
              type="button"
              disabled={!hydrated}
              aria-pressed={option === language}
              aria-controls={`${id}-code`}
              onClick={() => setLanguage(option)}
              className={cn(
                'rounded-md px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-300',
                option === language ? 'bg-white/15 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white',
              )}
            >
              {languageNames[option]}
            </button>
          ))}
        </div>
        <button
          type="button"
          disabled={!hydrated}
          className="rounded-md border border-white/20 px-2.5 py-1 text-xs font-medium text-slate-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-300 disabled:opacity-60"
          onClick={() => void copy(code)}
        >
          <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
          <span className="sr-only"> {languageNames[language]}</span>
        </button>
      </div>
      {failed ? (
        <p role="alert" className="px-3 pt-2 text-xs text-red-300">
          {t('copyFailed')}
        </p>
      ) : null}
      <pre id={`${id}-code`} tabIndex={0} className="max-h-96 overflow-auto p-4 font-mono text-[13px] leading-relaxed focus-visible:outline-2 focus-visible:outline-sky-300">
        <code>{code}</code>
      </pre>
    </div>
  );
}
