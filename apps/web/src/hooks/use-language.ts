import type { Language } from '@portal/contract/common';
import { useTranslation } from '@/hooks/use-translation';
import { currentLanguage } from '@/lib/i18n';

/** The interface language; components using it re-render when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return currentLanguage(i18n);
}
