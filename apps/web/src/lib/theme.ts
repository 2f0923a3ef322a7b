import { storageKeys, writeStorage } from './storage';

// Light by default, dark on choice, remembered on this device. public/theme-init.js
// applies the stored theme before the first paint; keep the two in step.

export type Theme = 'light' | 'dark';

/** Browser UI colour per theme; matches --background in styles/tokens.css. */
const themeColors: Record<Theme, string> = { light: '#ffffff', dark: '#0b1020' };

const listeners = new Set<() => void>();

/** The theme shown now (the class theme-init.js or setTheme put on <html>). */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColors[theme]);
  listeners.forEach((listener) => listener());
}

export function setTheme(theme: Theme): void {
  writeStorage(storageKeys.theme, theme);
  applyTheme(theme);
}

/** For useSyncExternalStore. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
