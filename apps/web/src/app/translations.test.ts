import { startNamespaces } from '@portal/translations/namespaces';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router';

type NamespaceFile = Record<string, { de?: unknown; en?: unknown }>;

// The shipped texts (seeded into the translation table by the server).
const files = import.meta.glob<NamespaceFile>('../../../../packages/translations/texts/*.json', {
  eager: true,
  import: 'default',
});
const shipped = new Map(
  Object.entries(files).map(([path, texts]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), texts]),
);

function routeNamespaces(routes: readonly unknown[]): string[] {
  return routes.flatMap((route) => {
    const r = route as { namespaces?: string[]; children?: unknown[] };
    return [...(r.namespaces ?? []), ...routeNamespaces(r.children ?? [])];
  });
}

describe('shipped translations', () => {
  it('exist for every start and route namespace', () => {
    for (const namespace of [...startNamespaces, ...routeNamespaces(appRoutes)]) {
      expect(shipped.has(namespace), `${namespace}.json`).toBe(true);
    }
  });

  it('have a German and an English text for every key', () => {
    for (const [namespace, texts] of shipped) {
      for (const [key, text] of Object.entries(texts)) {
        expect(typeof text.de === 'string' && text.de.trim() !== '', `${namespace}.${key} de`).toBe(true);
        expect(typeof text.en === 'string' && text.en.trim() !== '', `${namespace}.${key} en`).toBe(true);
      }
    }
  });

  it('carry the fixed German texts (offline message, saved notice, version label)', () => {
    expect(shipped.get('General')?.offlineTitle?.de).toBe('Du bist offline');
    expect(shipped.get('General')?.offlineText?.de).toBe(
      'Überprüfe deine Internetverbindung um fortzusetzen',
    );
    expect(shipped.get('Notifications')?.dataSaved?.de).toBe('Daten gespeichert');
    expect(shipped.get('Footer')?.versionLabel?.de).toBe('Beta {{version}}');
  });

  const texts = (language: 'de' | 'en') =>
    [...shipped].flatMap(([namespace, entries]) =>
      Object.entries(entries).map(([key, text]) => ({
        where: `${namespace}.${key}`,
        text: String(text[language]),
      })),
    );

  it('state prices as net, plus VAT, in one wording (docs/domain.md#money)', () => {
    for (const { where, text } of texts('de'))
      expect(text, where).not.toMatch(/inkl(\.|usive)? (der gesetzlichen )?(MwSt|Mehrwertsteuer)|brutto/i);
    for (const { where, text } of texts('en'))
      expect(text, where).not.toMatch(/incl\.? VAT|including VAT|gross/i);
    expect(shipped.get('General')?.plusVat).toEqual({ de: 'zzgl. MwSt.', en: 'plus VAT' });
  });

  it('write "email" in English, name the product Serviceportal, gender people with ":in" in German', () => {
    for (const { where, text } of texts('en')) expect(text, where).not.toMatch(/e-mail|customer portal/i);
    for (const { where, text } of texts('de')) {
      expect(text, where).not.toMatch(/Kundenportal/);
      // "Kunden" alone, not "Kund:innen"; compounds ("Administratorrechte") are left alone.
      expect(text, where).not.toMatch(
        /\b(Kunden?|Administrator(en)?|Eigentümer(n)?|Bearbeiter(n)?|Betrachter(n)?|Ersteller(n)?)\b(?!:)/,
      );
    }
  });
});
