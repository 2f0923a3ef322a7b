/**
 * Namespaces the web app loads before its first render; the others load with the route that
 * needs them. Plain data without zod, so the web app's first-load bundle stays small.
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
] as const;
