import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { clearLocalSession, writeSession } from './session';
import { createI18n, ensureNamespaces, followLanguageOnLogout, setLanguage } from './i18n';
import { storageKeys } from './storage';

const rows = [
  { key: 'Navigation.services', id: 'services', namespace: 'Navigation', de: 'Services', en: 'Services' },
  { key: 'Navigation.projects', id: 'projects', namespace: 'Navigation', de: 'Projekte', en: 'Projects' },
  { key: 'Footer.language', id: 'language', namespace: 'Footer', de: 'Sprache', en: 'Language' },
  { key: 'Price.title', id: 'title', namespace: 'Price', de: 'Preise', en: '' },
];

/** Serves the rows of the asked namespaces and records every request's namespaces. */
function translationApi(calls: string[][], fail = false) {
  return http.get('*/rest/collection/translation', ({ request }) => {
    const asked = new URL(request.url).searchParams.getAll('namespace[]');
    calls.push(asked);
    if (fail) return HttpResponse.json({ error: { code: 'internal', message: 'down' } }, { status: 500 });
    return HttpResponse.json(rows.filter((row) => asked.includes(row.namespace)));
  });
}

describe('i18n with the translation backend', () => {
  it('loads all start namespaces in ONE request and fills both languages', async () => {
    const calls: string[][] = [];
    server.use(translationApi(calls));
    const { i18n, ready } = createI18n();
    await ready;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual(expect.arrayContaining(['Navigation', 'Footer', 'General', 'ServiceOverview']));
    expect(i18n.t('projects', { ns: 'Navigation' })).toBe('Projekte');
    expect(document.documentElement.lang).toBe('de');

    await setLanguage(i18n, 'en');
    expect(calls).toHaveLength(1); // English came with the first answer
    expect(i18n.t('projects', { ns: 'Navigation' })).toBe('Projects');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(storageKeys.language)).toBe('en');
  });

  it('starts in the stored language and falls back to German for an empty text', async () => {
    window.localStorage.setItem(storageKeys.language, 'en');
    const calls: string[][] = [];
    server.use(translationApi(calls));
    const { i18n, ready } = createI18n(['Price']);
    await ready;
    expect(calls).toHaveLength(1);
    expect(i18n.language).toBe('en');
    expect(i18n.t('language', { ns: 'Footer' })).toBe('Language');
    expect(i18n.t('title', { ns: 'Price' })).toBe('Preise');
  });

  it('treats a stored language other than de or en as de', async () => {
    window.localStorage.setItem(storageKeys.language, 'fr');
    server.use(translationApi([]));
    const { i18n, ready } = createI18n();
    await ready;
    expect(i18n.language).toBe('de');
  });

  it('ensureNamespaces loads a route namespace once and rejects when it cannot be loaded', async () => {
    const calls: string[][] = [];
    server.use(translationApi(calls));
    const { i18n, ready } = createI18n();
    await ready;

    await ensureNamespaces(i18n, ['Price']);
    await ensureNamespaces(i18n, ['Price']);
    expect(calls.slice(1)).toEqual([['Price']]);

    server.use(translationApi(calls, true));
    await expect(ensureNamespaces(i18n, ['Admin'])).rejects.toThrow('Admin');
    // A failed namespace is asked for again on the next navigation (i18next alone would not).
    server.use(translationApi(calls));
    await expect(ensureNamespaces(i18n, ['Admin'])).resolves.toBeUndefined();
    expect(calls.slice(2)).toEqual([['Admin'], ['Admin']]);
  });

  it('returns to German when a logout clears the stored language', async () => {
    server.use(translationApi([]));
    writeSession({ token: 'tok', oid: 'u1' });
    window.localStorage.setItem(storageKeys.language, 'en');
    const { i18n, ready } = createI18n();
    await ready;
    const stop = followLanguageOnLogout(i18n);
    expect(i18n.t('Navigation:projects')).toBe('Projects');
    clearLocalSession();
    await expect.poll(() => i18n.language).toBe('de');
    expect(i18n.t('Navigation:projects')).toBe('Projekte');
    stop();
  });
});
