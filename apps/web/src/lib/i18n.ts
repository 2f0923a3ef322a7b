import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@portal/contract/common';
import { startNamespaces } from '@portal/translations/namespaces';
import { supportedLanguages, type Namespace } from './i18n-namespaces';
import { readToken, subscribeSession } from './session';
import { readStorage, storageKeys, writeStorage } from './storage';
import { TranslationBackend } from './translation-backend';

export type { I18n };

/** The language is de or en; anything else (or nothing stored) means de (docs/domain.md#languages). */
export function toLanguage(value: string | null | undefined): Language {
  return value === 'en' ? 'en' : 'de';
}

export function storedLanguage(): Language {
  return toLanguage(readStorage(storageKeys.language));
}

export function currentLanguage(i18n: I18n): Language {
  // Before init has finished, the language it is starting with.
  return toLanguage(i18n.resolvedLanguage ?? i18n.language ?? storedLanguage());
}

/**
 * Creates and starts the i18next instance: German first, the stored choice if any, the start
 * namespaces plus `extraNamespaces` (the first route's) in one request. A page rendered on the
 * server brings its language and texts along (`rendered`): they are used as they are, so the
 * first render matches the server's; namespaces of later routes still load on demand.
 */
export function createI18n(
  extraNamespaces: readonly Namespace[] = [],
  rendered?: { language: Language; resources: Resource },
): { i18n: I18n; ready: Promise<void> } {
  const i18n = createInstance();
  i18n.on('languageChanged', (language) => {
    // Not while rendering on the server, where there is no document.
    if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(language);
  });
  const ready = i18n
    .use(new TranslationBackend(i18n))
    .use(initReactI18next)
    .init({
      lng: rendered?.language ?? storedLanguage(),
      ...(rendered ? { resources: rendered.resources, partialBundledLanguages: true } : {}),
      fallbackLng: 'de',
      supportedLngs: supportedLanguages,
      load: 'languageOnly',
      ns: [...new Set([...startNamespaces, ...extraNamespaces])],
      defaultNS: 'General',
      // Keys are flat ids (the `id` column of the translation table).
      keySeparator: false,
      interpolation: { escapeValue: false }, // React escapes
      // The route loaders decide what a failed load means; no silent retries for
      // seconds on end in the background.
      maxRetries: 0,
      // Reads of a tick are batched into one request; do not hold half of them back.
      maxParallelReads: 100,
      returnEmptyString: false,
    })
    .then(() => undefined);
  return { i18n, ready };
}

/** The user's explicit choice: applied, remembered on this device. */
export async function setLanguage(i18n: I18n, language: Language): Promise<void> {
  writeStorage(storageKeys.language, language);
  await i18n.changeLanguage(language);
}

/**
 * Loads namespaces for the current language (and its fallback) before a route is entered, and
 * throws when one could not be loaded, so the route loader can refuse the navigation.
 * i18next itself resolves its load promises even on failure and never retries a failed
 * namespace, hence the explicit check and `reloadResources`.
 */
export async function ensureNamespaces(i18n: I18n, namespaces: readonly Namespace[]): Promise<void> {
  const languages = i18n.languages.length ? [...i18n.languages] : [currentLanguage(i18n)];
  const missing = () => namespaces.filter((ns) => languages.some((lng) => !i18n.hasResourceBundle(lng, ns)));
  const toLoad = missing();
  if (toLoad.length === 0) return;
  await i18n.reloadResources(languages, toLoad);
  // Registers them, so a later language change covers them too.
  await i18n.loadNamespaces(toLoad);
  const failed = missing();
  if (failed.length) throw new Error(`Translations could not be loaded: ${failed.join(', ')}`);
}

/**
 * A logout clears the stored language, so the interface returns to the default
 * language at once instead of keeping the old one until the next reload.
 */
export function followLanguageOnLogout(i18n: I18n): () => void {
  return subscribeSession(() => {
    if (readToken() === null && currentLanguage(i18n) !== storedLanguage()) {
      void i18n.changeLanguage(storedLanguage());
    }
  });
}
