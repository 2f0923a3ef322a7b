import type { CounterStore } from '../../lib/counter-store.js';
import { HttpError } from '../../lib/http-error.js';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;

/**
 * Counts failed sign-ins per account and per client address. Past either limit, sign-in is
 * refused (even with the right password) until the window ends, with Retry-After.
 */
export class LoginThrottle {
  constructor(private readonly store: CounterStore) {}

  async assertAllowed(email: string, address: string): Promise<void> {
    const [account, ip] = await Promise.all([this.store.get(`acct:${email}`), this.store.get(`ip:${address}`)]);
    const blocked = [
      account.count >= MAX_FAILURES_PER_ACCOUNT ? account.resetInMs : 0,
      ip.count >= MAX_FAILURES_PER_ADDRESS ? ip.resetInMs : 0,
    ];
    const waitMs = Math.max(...blocked);
    if (waitMs > 0) {
      throw new HttpError(429, 'rateLimited', undefined, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await Promise.all([
      this.store.increment(`acct:${email}`, LOGIN_WINDOW_MS),
      this.store.increment(`ip:${address}`, LOGIN_WINDOW_MS),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.store.reset(`acct:${email}`);
  }
}
