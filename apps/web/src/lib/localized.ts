import type { I18nText, Language } from '@portal/contract/common';

/** DESIGN.md "Per-language fields": the current language's text, German when it is empty. */
export function localized(text: I18nText, language: Language): string {
  return text[language] || text.de;
}
