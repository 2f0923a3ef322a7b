import type { BackendModule, i18n as I18n, Resource, ResourceLanguage } from 'i18next';
import type { TranslationItem } from '@portal/contract/translation';
import { supportedLanguages } from './i18n-namespaces';
import { restClient } from './rest-client';
import { translationsPath } from './rest-paths';

type Bundle = Record<string, string>;

interface PendingRead {
  language: string;
  namespace: string;
  resolve: (bundle: Bundle) => void;
  reject: (error: unknown) => void;
}

/**
 * i18next backend for `GET /rest/collection/translation`. i18next asks for one
 * (language, namespace) pair at a time; the reads of one tick are batched into ONE request
 * (`namespace[]=A&namespace[]=B`). The answer holds both languages, so the language not asked
 * for is put into the store too: switching language then needs no request.
 */
export class TranslationBackend implements BackendModule {
  readonly type = 'backend';
  /** `read` returns a promise (i18next ≥ 26.7 asks backends to declare this). */
  readonly callbackApi = false;
  private queue: PendingRead[] = [];
  private scheduled = false;

  /** `store`: the i18next instance this backend serves, to put the other language into. */
  constructor(private readonly store: Pick<I18n, 'addResourceBundle'>) {}

  init(): void {
    // Nothing to set up; required by the module interface.
  }

  // i18next awaits a returned promise (its typings still describe the callback form).
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  read(language: string, namespace: string): Promise<ResourceLanguage> {
    return new Promise<Bundle>((resolve, reject) => {
      this.queue.push({ language, namespace, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // A macrotask, not a microtask: loaders of parent and child routes start a few awaits
        // apart and still share one request.
        setTimeout(() => void this.flush(), 0);
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    const namespaces = [...new Set(batch.map((read) => read.namespace))].sort();
    try {
      const items = await restClient.get<TranslationItem[]>(translationsPath(), {
        query: { namespace: namespaces },
      });
      const bundles = toBundles(items);
      for (const language of supportedLanguages) {
        for (const namespace of namespaces) {
          const asked = batch.some((read) => read.language === language && read.namespace === namespace);
          if (!asked) {
            this.store.addResourceBundle(
              language,
              namespace,
              bundle(bundles, language, namespace),
              true,
              true,
            );
          }
        }
      }
      for (const read of batch) read.resolve(bundle(bundles, read.language, read.namespace));
    } catch (error) {
      for (const read of batch) read.reject(error);
    }
  }
}

type Bundles = Map<string, Bundle>;

function toBundles(items: readonly TranslationItem[]): Bundles {
  const bundles: Bundles = new Map();
  for (const item of items) {
    for (const language of supportedLanguages) {
      const text = item[language];
      // An empty text is left out, so i18next falls back to German for it.
      if (!text) continue;
      const name = `${language}|${item.namespace}`;
      const target = bundles.get(name) ?? {};
      target[item.id] = text;
      bundles.set(name, target);
    }
  }
  return bundles;
}

function bundle(bundles: Bundles, language: string, namespace: string): Bundle {
  return bundles.get(`${language}|${namespace}`) ?? {};
}

/**
 * The texts of `namespaces` in both languages as i18next resources (the server-side rendering
 * hands them to the page). Every namespace is there in each language, empty if need be, so
 * i18next never asks for it again.
 */
export function toResources(items: readonly TranslationItem[], namespaces: readonly string[]): Resource {
  const bundles = toBundles(items);
  const resources: Resource = {};
  for (const language of supportedLanguages) {
    resources[language] = Object.fromEntries(
      namespaces.map((namespace) => [namespace, bundle(bundles, language, namespace)]),
    );
  }
  return resources;
}
