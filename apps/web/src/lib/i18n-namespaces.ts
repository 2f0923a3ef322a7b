import type { Resources } from 'i18next';

/** A translation namespace the web app uses (one JSON file each in the server's seed). */
export type Namespace = keyof Resources;

/**
 * Loaded before the first render. Same list as `startNamespaces` in
 * @portal/contract/translation (a unit test keeps them equal); repeated here because importing a
 * value from the contract would pull zod into the first-load bundle.
 */
export const startNamespaces = [
  'Navigation',
  'Footer',
  'ServiceOverview',
  'Notifications',
  'Card',
  'General',
  'Modal',
  'Error',
  'Form',
] as const satisfies readonly Namespace[];

export const supportedLanguages = ['de', 'en'] as const;
