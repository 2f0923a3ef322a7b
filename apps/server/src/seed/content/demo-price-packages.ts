// Monthly price packages shown on /price. Prices are net (plus VAT, docs/domain.md#money) in euro
// cents; the price per 1,000 calls falls with each tier so the ladder reads as a real offer.

import type { DemoPricePackage } from './demo-types.js';
import { palettes, stackIllustration } from './svg-helpers.js';

export const demoPricePackages: DemoPricePackage[] = [
  {
    id: 'starter',
    name: { de: 'Starter', en: 'Starter' },
    description: {
      de: 'Für kleine Websites und erste Projekte: 10.000 Aufrufe im Monat, nutzbar für alle Dienste mit Abrechnung pro Aufruf.',
      en: 'For small websites and first projects: 10,000 calls a month, usable for every service billed per call.',
    },
    imgSvg: stackIllustration(palettes.sky, 1),
    bruttoMonatlich: 990,
    calls: 10_000,
    sortOrder: 1,
  },
  {
    id: 'business',
    name: { de: 'Business', en: 'Business' },
    description: {
      de: 'Für Online-Shops und Unternehmensseiten mit regelmäßigem Traffic. Inklusive E-Mail-Support an Werktagen.',
      en: 'For online shops and company websites with steady traffic. Includes email support on working days.',
    },
    imgSvg: stackIllustration(palettes.teal, 2),
    bruttoMonatlich: 4900,
    calls: 100_000,
    sortOrder: 2,
  },
  {
    id: 'professional',
    name: { de: 'Professional', en: 'Professional' },
    description: {
      de: 'Für Plattformen mit hohem Volumen: eine Million Aufrufe, bevorzugter Support und monatliche Nutzungsberichte als CSV.',
      en: 'For high-volume platforms: one million calls, priority support and monthly usage reports as CSV.',
    },
    imgSvg: stackIllustration(palettes.indigo, 3),
    bruttoMonatlich: 24_900,
    calls: 1_000_000,
    sortOrder: 3,
  },
  {
    id: 'enterprise',
    name: { de: 'Enterprise', en: 'Enterprise' },
    description: {
      de: 'Für große Portale: fünf Millionen Aufrufe, vertraglich zugesicherte Verfügbarkeit von 99,9 % und eine feste Ansprechperson.',
      en: 'For large portals: five million calls, a contractual availability of 99.9% and a dedicated contact person.',
    },
    imgSvg: stackIllustration(palettes.amber, 4),
    bruttoMonatlich: 109_000,
    calls: 5_000_000,
    sortOrder: 4,
  },
];
