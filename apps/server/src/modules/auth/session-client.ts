import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_CLIENT_LIMITS } from '@portal/contract/session';
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { sha256Hex } from '../../lib/ids.js';

// What a session keeps of the browser that starts it, and how the person's list shows it
// (docs/security.md#own-sessions).

/** The browser a sign-in comes from, as the session stores it. */
export interface SessionClient {
  /** The user agent, cut to SESSION_CLIENT_LIMITS.userAgent characters; '' when none was sent. */
  userAgent: string;
  /** The client address (request.ip: the proxy's forwarded one only with TRUST_PROXY). */
  address: string;
  /** SHA-256 of the browser's device cookie (see sessionClient). */
  deviceHash: string;
  /** Where the "new sign-in" mail links to: the profile's list of sessions. */
  sessionsLink: string;
}

/** The long-lived random cookie that tells a browser the person has signed in from before. */
const DEVICE_COOKIE = 'portal_device';
const DEVICE_VALUE = /^[A-Za-z0-9_-]{43}$/;
const DEVICE_MAX_AGE_S = 400 * 24 * 60 * 60; // the longest lifetime browsers keep a cookie

function deviceCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const text = value.join('=');
      return DEVICE_VALUE.test(text) ? text : undefined;
    }
  }
  return undefined;
}

/**
 * The browser of a sign-in: its user agent, address and device cookie. A browser without a valid
 * device cookie gets a new one (256 random bits, HttpOnly, sent only to /rest); only its hash is
 * stored.
 */
export function sessionClient(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl' | 'port'>,
): SessionClient {
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  const secure = base.startsWith('https:');
  let device = deviceCookieOf(request);
  if (!device) {
    device = randomBytes(32).toString('base64url');
    const attributes = [
      `Max-Age=${DEVICE_MAX_AGE_S}`,
      'Path=/rest',
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ];
    void reply.header('set-cookie', `${DEVICE_COOKIE}=${device}; ${attributes.join('; ')}`);
  }
  const agent = request.headers['user-agent'] ?? '';
  return {
    userAgent: agent.slice(0, SESSION_CLIENT_LIMITS.userAgent),
    address: request.ip,
    deviceHash: sha256Hex(device),
    sessionsLink: `${base}/profile#sessions`,
  };
}

/** Browser and system in words ("Firefox 128", "Windows 10"), null where the user agent tells nothing. */
export function describeUserAgent(userAgent: string): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const os = parsed.os.name
    ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
    : null;
  return { browser, system: os };
}

/**
 * The address with its last part masked: an IPv4 address's last octet, an IPv6 address's
 * interface part (all but the first four groups). Anything else shows as null.
 */
export function maskAddress(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.*`;
  if (!isIPv6(ip)) return null;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}:*`;
}
