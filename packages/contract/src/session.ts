import { z } from 'zod';

// A person's own sessions (docs/security.md#own-sessions): what the profile lists of each.

/** What a session keeps of the browser that started it. */
export const SESSION_CLIENT_LIMITS = {
  /** Longer user agents are cut to this many characters before they are stored. */
  userAgent: 512,
} as const;

export const ownSessionSchema = z.object({
  id: z.string(),
  /** ISO timestamps: sign-in, and last use (updated at most once a minute). */
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** Browser and system in words ("Firefox 128", "Windows 10"); null when the user agent tells nothing. */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  /** The client address with its last part masked (IPv4 last octet, IPv6 all but the first four groups). */
  address: z.string().nullable(),
  /** The session of this very call ("this device"). */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

/** Newest sign-in first. */
export const ownSessionListSchema = z.array(ownSessionSchema);
