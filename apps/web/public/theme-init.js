// Applies the stored theme before the first paint, so a dark-theme user never sees a white
// flash. A file, not an inline script: the CSP allows scripts from 'self' only. Mirrors
// src/lib/theme.ts (keep both in step).
(function () {
  var theme = 'light';
  try {
    if (window.localStorage.getItem('user-theme') === 'dark') theme = 'dark';
  } catch {
    // Storage unavailable: light, the default.
  }
  var root = document.documentElement;
  if (theme === 'dark') root.classList.add('dark');
  root.style.colorScheme = theme;
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#0b1020' : '#ffffff');
})();
