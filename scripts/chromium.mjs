// How every tool here starts a browser: Debian's chromium (no downloaded browser), headless,
// and quiet — no sandbox (containers), no GPU, and none of the background traffic (updates,
// sync, QUIC probes) that would disturb timings or reach beyond 127.0.0.1. Used by the e2e
// tests (apps/web/playwright.config.ts), the bench and the screenshots (local-portal.mjs).

export const chromiumPath = '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
