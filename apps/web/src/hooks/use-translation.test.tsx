import { act, render, screen } from '@testing-library/react';
import { createInstance, type BackendModule, type i18n as I18n } from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation } from './use-translation';

const texts: Record<string, Record<string, Record<string, string>>> = {
  de: { General: { back: 'Zurück' }, Card: { details: 'Details ansehen' } },
  en: { General: { back: 'Back' }, Card: { details: 'View details' } },
};

/** i18next with General at hand and Card behind a backend that answers when `release` is called. */
async function startI18n(): Promise<{ i18n: I18n; release: () => void }> {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  const backend = {
    type: 'backend',
    callbackApi: false,
    init: () => undefined,
    read: async (language: string, namespace: string) => {
      await answered;
      return texts[language]?.[namespace] ?? {};
    },
  } as unknown as BackendModule;
  const i18n = createInstance();
  await i18n.use(backend).init({
    lng: 'de',
    fallbackLng: 'de',
    ns: ['General'],
    defaultNS: 'General',
    keySeparator: false,
    partialBundledLanguages: true,
    resources: { de: { General: texts.de!.General! }, en: { General: texts.en!.General! } },
  });
  return { i18n, release };
}

function Back() {
  const { t } = useTranslation();
  return <p>{t('back')}</p>;
}

function Details() {
  const { t } = useTranslation(['Card', 'General']);
  return (
    <p>
      {t('details')} / {t('General:back')}
    </p>
  );
}

function withI18n(i18n: I18n, children: ReactNode) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

describe('useTranslation', () => {
  it('translates in the current language and renders again when it changes', async () => {
    const { i18n } = await startI18n();
    render(withI18n(i18n, <Back />));
    expect(screen.getByText('Zurück')).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(screen.getByText('Back')).toBeInTheDocument();
  });

  it('suspends until its namespaces are loaded; the other namespaces are reached by prefix', async () => {
    const { i18n, release } = await startI18n();
    render(withI18n(i18n, <Suspense fallback={<p>wait</p>}>{<Details />}</Suspense>));
    expect(screen.getByText('wait')).toBeInTheDocument();
    await act(async () => {
      release();
      await i18n.loadNamespaces('Card');
    });
    expect(await screen.findByText('Details ansehen / Zurück')).toBeInTheDocument();
  });

  it('renders on the server with the texts at hand', async () => {
    const { i18n } = await startI18n();
    expect(renderToString(withI18n(i18n, <Back />))).toContain('Zurück');
  });
});
