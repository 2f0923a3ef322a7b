import type { FlatNamespace, i18n as I18n, TFunction } from 'i18next';
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { getI18n, I18nContext, type FallbackNs } from 'react-i18next';

/**
 * The texts of one or more namespaces in the current language: `t` for the first namespace
 * (`'Other:key'` reaches the others) and the i18next instance. What react-i18next's
 * `useTranslation` does for the app, in a fraction of its size (it ships in the first-load JS,
 * docs/performance.md#where-the-budgets-are-missed-and-why):
 * - the instance comes from `I18nextProvider` (app/provider.tsx);
 * - a component renders again when the language changes;
 * - until its namespaces are loaded it suspends (the nearest `Suspense` waits), so a lazily
 *   loaded dialog shows with its texts, never with bare keys.
 */
export function useTranslation<
  const Ns extends FlatNamespace | readonly FlatNamespace[] | undefined = undefined,
>(ns?: Ns): { t: TFunction<FallbackNs<Ns>>; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const namespaces: readonly string[] =
    ns === undefined ? [String(i18n.options.defaultNS)] : typeof ns === 'string' ? [ns] : ns;
  const first = namespaces[0] as FlatNamespace;
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    [i18n],
  );
  const readLanguage = () => i18n.language;
  const language = useSyncExternalStore(subscribe, readLanguage, readLanguage);
  const t = useMemo(() => i18n.getFixedT(language, first), [i18n, language, first]) as unknown as TFunction<
    FallbackNs<Ns>
  >;
  if (!ready(i18n, namespaces)) {
    const loaded = namespacesLoaded(i18n, namespaces);
    // Texts already at hand load at once; otherwise wait for them.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- how Suspense is told to wait
    if (!ready(i18n, namespaces)) throw loaded;
  }
  return { t, i18n };
}

function ready(i18n: I18n, namespaces: readonly string[]): boolean {
  return (
    (i18n.isInitialized || i18n.initializedStoreOnce) &&
    (!i18n.languages?.length || namespaces.every((namespace) => i18n.hasLoadedNamespace(namespace)))
  );
}

/** Resolves once i18next is started and has tried to load `namespaces`. */
function namespacesLoaded(i18n: I18n, namespaces: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    void i18n.loadNamespaces([...namespaces], () => {
      if (i18n.isInitialized) return resolve();
      const initialized = () => {
        setTimeout(() => i18n.off('initialized', initialized), 0);
        resolve();
      };
      i18n.on('initialized', initialized);
    });
  });
}
