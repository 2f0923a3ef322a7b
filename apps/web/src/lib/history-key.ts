/**
 * Gives the history entry this page load starts on a key of its own. React Router remembers
 * scroll positions per entry key, and it keys the entries it creates itself; the entry a page
 * load starts on (a typed address, a bookmark, a link from another site) has no key, and all
 * such entries shared the key 'default': a page loaded by typing its address opened where
 * another typed-in page had been left. The router reads the key from history.state, so it is
 * written there; a reload or a Back into this entry keeps it, and with it its position.
 */
export function keyStartEntry(): void {
  const state: unknown = window.history.state;
  const current = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (typeof current.key === 'string' && current.key) return;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ usr: null, idx: 0, ...current, key }, '');
}
