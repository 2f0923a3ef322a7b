import { randomBytes } from 'node:crypto';
import type { ErrorBody } from '@portal/contract/error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../src/modules/account/account-limits.js';
import { buildTestApp, type TestContext } from './helper.js';

// Every account route is limited per client address and per subject (the e-mail address, or
// the token of a link), so neither one client nor many can flood a mailbox or hammer a link.

const token = () => randomBytes(32).toString('base64url');
let serial = 0;
const email = () => `limit-${++serial}@example.com`;

const routes = [
  {
    name: 'signup',
    url: '/rest/signup',
    body: (subject: string) => ({
      firstname: 'Lia',
      lastname: 'Mit',
      email: subject,
      password: 'a fresh passphrase',
      language: 'de',
      terms: true,
    }),
    subject: email,
    status: 202,
  },
  {
    name: 'resend',
    url: '/rest/auth/verify/resend',
    body: (subject: string) => ({ email: subject }),
    subject: email,
    status: 202,
  },
  {
    name: 'forgot',
    url: '/rest/password/forgot',
    body: (subject: string) => ({ email: subject }),
    subject: email,
    status: 202,
  },
  // Unknown tokens: refused, but counted all the same.
  {
    name: 'verify',
    url: '/rest/auth/verify',
    body: (subject: string) => ({ token: subject, password: 'any passphrase' }),
    subject: token,
    status: 400,
  },
  {
    name: 'reset',
    url: '/rest/password/reset',
    body: (subject: string) => ({ token: subject, password: 'a fresh passphrase' }),
    subject: token,
    status: 400,
  },
] as const;

describe.each(routes)('rate limits of $url', (route) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const limits = ACCOUNT_LIMITS[route.name];
  let address = 0;
  const send = (subject: string, remoteAddress = `203.0.113.${++address}`) =>
    ctx.app.inject({ method: 'POST', url: route.url, payload: route.body(subject), remoteAddress });

  it('refuses the same subject past its limit, from however many addresses', async () => {
    const subject = route.subject();
    for (let i = 0; i < limits.perSubject.max; i++)
      expect((await send(subject)).statusCode).toBe(route.status);
    const refused = await send(subject);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.code).toBe('rateLimited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(route.subject())).statusCode).toBe(route.status);
  });

  it('refuses one address past its limit, whatever subjects it names', async () => {
    const from = '192.0.2.77';
    for (let i = 0; i < limits.perAddress.max; i++)
      expect((await send(route.subject(), from)).statusCode).toBe(route.status);
    const refused = await send(route.subject(), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.code).toBe('rateLimited');
    expect((await send(route.subject(), '192.0.2.78')).statusCode).toBe(route.status);
  });
});
