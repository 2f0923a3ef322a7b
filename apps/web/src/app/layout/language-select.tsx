import type { Language } from '@portal/contract/common';
import { useId } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useHydrated } from '@/hooks/use-hydrated';
import { useLanguage } from '@/hooks/use-language';
import { setLanguage, toLanguage } from '@/lib/i18n';

/** de / English (docs/domain.md#languages). A native select: accessible and light. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('Footer');
  const language = useLanguage();
  const id = useId();
  // A choice made in the server's markup would be lost (docs/performance.md#public-pages-rendered-on-the-server).
  const hydrated = useHydrated();
  const options: Array<{ value: Language; label: string }> = [
    { value: 'de', label: t('languageDe') },
    { value: 'en', label: t('languageEn') },
  ];
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {t('language')}
      </label>
      <select
        id={id}
        value={language}
        disabled={!hydrated}
        onChange={(event) => void setLanguage(i18n, toLanguage(event.target.value))}
        className="h-9 rounded-lg border border-border bg-background px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
