import type { I18nText, Language } from '@portal/contract/common';

/** The current language's text, German when it is empty (docs/domain.md#per-language-fields). */
export function localized(text: I18nText, language: Language): string {
  return text[language] || text.de;
}
