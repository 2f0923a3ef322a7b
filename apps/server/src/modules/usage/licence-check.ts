/**
 * Whether a host matches a project's domain entry: exact (case-insensitive, port included when
 * the entry names one), or any subdomain for a '*.example.com' entry.
 */
export function hostMatches(host: string, entry: string): boolean {
  const h = host.toLowerCase();
  const e = entry.toLowerCase();
  const hostWithoutPort = h.replace(/:\d+$/, '');
  const target = e.includes(':') ? h : hostWithoutPort;
  if (e.startsWith('*.')) return target.endsWith(e.slice(1)) && target.length > e.length - 1;
  return target === e;
}

export function environmentOf(
  host: string | undefined,
  domains: { production: string[]; sandbox: string[] },
): 'production' | 'sandbox' | null {
  if (!host) return null;
  if (domains.production.some((d) => hostMatches(host, d))) return 'production';
  if (domains.sandbox.some((d) => hostMatches(host, d))) return 'sandbox';
  return null;
}
