// Stands in for the package 'use-sync-external-store/shim' (vite.config.ts aliases it here).
// react-i18next still imports that shim for React < 18; React 19 has the hook built in, and the
// shim's fallback code would only add weight to the first load.
export { useSyncExternalStore } from 'react';
