import { Resolver as DnsResolver } from 'node:dns/promises';
import { isIP } from 'node:net';

// Where a webhook may be delivered (docs/webhooks.md#safety): the receiver's name is resolved at
// delivery, every address it has is checked, and the request connects to the checked address
// (never resolving again), so a name cannot point elsewhere between check and connect.

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (injectable for tests). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * The public DNS answer for a receiver's name, asked of the configured name servers with a time
 * limit (3 s, two tries): not through getaddrinfo, which cannot be given one and runs on the
 * thread pool that password hashing needs, and which would answer names from /etc/hosts.
 */
const dns = new DnsResolver({ timeout: 3000, tries: 2 });

export const systemResolver: Resolver = async (hostname) => {
  const [v4, v6] = await Promise.allSettled([dns.resolve4(hostname), dns.resolve6(hostname)]);
  if (v4.status === 'rejected' && v6.status === 'rejected') throw v4.reason as Error;
  return [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
  ];
};

/** An IPv4 address as four numbers, or undefined. */
function v4Parts(address: string): number[] | undefined {
  if (isIP(address) !== 4) return undefined;
  return address.split('.').map(Number);
}

/** Whether an IPv4 address is one a public receiver cannot have. */
function forbiddenV4([a = 0, b = 0, c = 0]: number[]): boolean {
  return (
    a === 0 || // "this network", unspecified
    a === 10 ||
    a === 127 || // loopback
    (a === 100 && b >= 64 && b <= 127) || // shared address space (carrier-grade NAT)
    (a === 169 && b === 254) || // link-local (cloud metadata)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, documentation
    (a === 192 && b === 88 && c === 99) || // former 6to4 relay anycast
    (a === 198 && b === 51 && c === 100) || // documentation
    (a === 203 && b === 0 && c === 113) || // documentation
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail converted), or undefined. */
function v6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.split('%')[0] ?? '';
  const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = tail[1].split('.').map(Number);
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const first = parse(head);
  const last = rest === undefined ? [] : parse(rest);
  const zeros = rest === undefined ? 0 : 8 - first.length - last.length;
  return [...first, ...Array<number>(zeros).fill(0), ...last];
}

/**
 * Whether deliveries must not go to this address: private, loopback, link-local, unique-local,
 * multicast, unspecified or otherwise not public, also when written as an IPv4-mapped,
 * -compatible or NAT64 IPv6 address.
 */
export function isForbiddenAddress(address: string): boolean {
  const v4 = v4Parts(address);
  if (v4) return forbiddenV4(v4);
  const g = v6Groups(address);
  if (!g || g.length !== 8) return true; // not an address: refuse
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embeddedV4 = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated), ::, ::1
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0)) {
    return g5 === 0 && g6 === 0 ? true : forbiddenV4(embeddedV4);
  }
  // ::ffff:0:a.b.c.d (IPv4-translated)
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return forbiddenV4(embeddedV4);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return forbiddenV4(embeddedV4); // NAT64
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true; // local-use NAT64: may reach any internal IPv4
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo: tunnels to an IPv4 address
  if (g0 === 0x2002) return forbiddenV4([g1 >> 8, g1 & 0xff, g2 >> 8, g2 & 0xff]); // 6to4
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only
  return false;
}

export interface AddressRules {
  /** Deliver to private and loopback addresses too (WEBHOOK_ALLOW_PRIVATE, never in production). */
  allowPrivate: boolean;
  /** The portal's own host name (from PUBLIC_URL): never a receiver. */
  ownHost: string | undefined;
  resolve: Resolver;
}

export class RefusedAddress extends Error {}

/** Strips the brackets of an IPv6 literal host of a URL, and the trailing dot of a name. */
const bare = (hostname: string): string =>
  hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();

/**
 * The address to connect to for a receiver's URL, or RefusedAddress naming why not. Every
 * address of the name must be allowed (one bad address refuses the name).
 */
export async function checkedAddress(url: URL, rules: AddressRules): Promise<ResolvedAddress> {
  const host = bare(url.hostname);
  if (rules.ownHost && host === bare(rules.ownHost)) throw new RefusedAddress('the portal itself');
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal as 4 | 6 }] : await rules.resolve(host);
  if (addresses.length === 0) throw new RefusedAddress('no address');
  for (const found of addresses) {
    if (!rules.allowPrivate && isForbiddenAddress(found.address)) {
      throw new RefusedAddress(`address not allowed (${found.address})`);
    }
  }
  const chosen = addresses[0];
  if (!chosen) throw new RefusedAddress('no address');
  return chosen;
}
