import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, bearer, createPerson, createService, type TestPerson } from '../helper.js';
import { startPrivateRedis, type PrivateRedis } from '../support/private-redis.js';
import { startPrivateSmtp, type PrivateSmtp } from '../support/private-smtp.js';
import { createServerDatabase, type ServerDatabase } from '../support/server-database.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import {
  budget,
  dialect,
  freshToken,
  httpClient,
  printFigures,
  randomAddress,
  startPortal,
  type Portal,
  type Res,
  type Send,
} from './support.js';

// Dependency faults (docs/reliability.md#dependency-faults; the promised behaviour is in
// docs/operations.md#when-a-dependency-fails): the built server talks to a Redis, an SMTP server
// and a PostgreSQL of the test's own (PostgreSQL through a TCP proxy the test runs), and each is
// paused (SIGSTOP, or the proxy holding every byte) and stopped while requests keep coming.
// Quick: pauses of a few seconds; long (RELIABILITY=long): 20 s.

const PAUSE_MS = budget(3000, 20_000);
/** The documented bound for an answer while Redis is paused or gone. */
const REDIS_FAULT_ANSWER_MS = 2000;
const basicAuthHeader = (email: string, password: string) => ({ authorization: basicAuth(email, password) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `request` one after another for `ms`; answers every status and the slowest time. */
async function keepAsking(ms: number, request: () => Promise<Res>): Promise<{ statuses: number[]; slowestMs: number }> {
  const statuses: number[] = [];
  let slowestMs = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    statuses.push((await request()).statusCode);
    slowestMs = Math.max(slowestMs, performance.now() - started);
    await sleep(100);
  }
  return { statuses, slowestMs };
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
  return performance.now() - started;
}

let address = 0;
interface Admin {
  token: string;
  serviceId: string;
}
const requests = (send: Send, person: TestPerson, admin: Admin) => ({
  /** An admin write that publishes a catalogue change on the change feed. */
  adminWrite: () =>
    send({
      method: 'PATCH',
      url: `/rest/collection/admin/service/${admin.serviceId}`,
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ pricePer1000CallsCents: ++address }),
    }),
  signIn: () =>
    send({ method: 'POST', url: '/rest/auth', headers: basicAuthHeader(person.email, person.password), remoteAddress: randomAddress() }),
  forgot: () =>
    send({
      method: 'POST',
      url: '/rest/password/forgot',
      headers: { 'content-type': 'application/json' },
      // An address of its own each time: the per-address limit is not what is tested here.
      payload: JSON.stringify({ email: `forgot-${Date.now()}-${++address}@example.com` }),
      remoteAddress: randomAddress(),
    }),
  contact: () =>
    send({
      method: 'POST',
      url: '/rest/collection/contactform/send',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `firstname=Max&subname=Muster&email=max${++address}%40example.com&terms=true&message=Hallo`,
      remoteAddress: randomAddress(),
    }),
  signUp: () =>
    send({
      method: 'POST',
      url: '/rest/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `firstname=Jo&lastname=Fault&email=fault-${Date.now()}-${++address}%40example.com&password=another+passphrase+42&language=de&terms=true`,
      remoteAddress: randomAddress(),
    }),
});

describe(`dependency faults (${dialect})`, () => {
  let database: ServerDatabase;
  let person: TestPerson;
  let admin: Admin;
  beforeAll(async () => {
    database = await createServerDatabase();
    person = await createPerson(database.db);
    const adminPerson = await createPerson(database.db, { isAdmin: 1 });
    admin = { token: await freshToken(database.db, adminPerson.id), serviceId: await createService(database.db) };
  });
  afterAll(async () => {
    await database?.destroy();
  });

  describe('Redis', () => {
    let redis: PrivateRedis;
    let portal: Portal;
    let observer: Redis;
    beforeAll(async () => {
      redis = await startPrivateRedis();
      portal = await startPortal(database.url, { REDIS_URL: redis.url });
      observer = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 200 });
      observer.on('error', () => undefined);
    });
    afterAll(async () => {
      observer?.disconnect();
      await portal?.kill();
      redis.resume();
      await redis?.stop();
    });

    /** The instance counts in Redis again: a wrong password leaves its counter there. */
    const countsInRedis = async (): Promise<boolean> => {
      const remoteAddress = randomAddress();
      await portal.send({ method: 'POST', url: '/rest/auth', headers: basicAuthHeader(person.email, 'wrong'), remoteAddress });
      try {
        await observer.connect().catch(() => undefined);
        return (await observer.exists(`portal:login:pair:${person.email}|${remoteAddress}`)) === 1;
      } catch {
        return false;
      }
    };
    /** The change feed listens again: its subscriber is back on the channel. */
    const feedListens = async (): Promise<boolean> => {
      try {
        const [, count] = (await observer.pubsub('NUMSUB', 'portal:changes')) as [string, number];
        return count >= 1;
      } catch {
        return false;
      }
    };

    it(`answers sign-in, forgot-password, contact, sign-up and an admin write within ${REDIS_FAULT_ANSWER_MS} ms while Redis is paused, and counts there again after`, async () => {
      const calls = requests(portal.send, person, admin);
      expect((await calls.signIn()).statusCode).toBe(200);
      await until(countsInRedis, 5000, 'counting in Redis before the pause');

      redis.pause();
      let paused;
      try {
        paused = await keepAsking(PAUSE_MS, async () => {
          const answers = [await calls.signIn(), await calls.forgot(), await calls.contact(), await calls.signUp(), await calls.adminWrite()];
          return answers.find((a) => a.statusCode >= 300) ?? answers[0]!;
        });
      } finally {
        redis.resume();
      }
      expect(paused.statuses.every((status) => status === 200)).toBe(true);
      expect(paused.slowestMs).toBeLessThanOrEqual(REDIS_FAULT_ANSWER_MS);
      const backMs = await until(countsInRedis, 10_000, 'counting in Redis after the pause');
      await until(feedListens, 10_000, 'change feed after the pause');
      printFigures('redis-paused', { pauseMs: PAUSE_MS, requests: paused.statuses.length * 5, slowestMs: Math.round(paused.slowestMs), backInRedisMs: Math.round(backMs) });
    });

    it(`answers within ${REDIS_FAULT_ANSWER_MS} ms while Redis is gone, and re-subscribes the change feed when it is back`, async () => {
      const calls = requests(portal.send, person, admin);
      await redis.stop();
      const gone = await keepAsking(budget(2000, 20_000), async () => {
        const answers = [await calls.signIn(), await calls.forgot(), await calls.contact(), await calls.signUp(), await calls.adminWrite()];
        return answers.find((a) => a.statusCode >= 300) ?? answers[0]!;
      });
      expect(gone.statuses.every((status) => status === 200)).toBe(true);
      expect(gone.slowestMs).toBeLessThanOrEqual(REDIS_FAULT_ANSWER_MS);

      await redis.start();
      observer.disconnect();
      observer = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      observer.on('error', () => undefined);
      const backMs = await until(countsInRedis, 10_000, 'counting in Redis after the restart');
      await until(feedListens, 10_000, 'change feed after the restart');
      printFigures('redis-gone', { goneMs: budget(2000, 20_000), requests: gone.statuses.length * 5, slowestMs: Math.round(gone.slowestMs), backInRedisMs: Math.round(backMs) });
    });
  });

  describe('SMTP', () => {
    let smtp: PrivateSmtp;
    let portal: Portal;
    beforeAll(async () => {
      smtp = await startPrivateSmtp();
      portal = await startPortal(database.url, { SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.com', CONTACT_TO: 'team@example.com' });
    });
    afterAll(async () => {
      await portal?.kill();
      smtp.resume();
      await smtp?.stop();
    });

    const forgotFor = async (email: string): Promise<Res> =>
      portal.send({
        method: 'POST',
        url: '/rest/password/forgot',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email }),
        remoteAddress: randomAddress(),
      });
    const mailed = (email: string) => async () => smtp.received.includes(email);

    it('answers at once while the mail server is paused or gone, keeps the mails and sends them when it is back', async () => {
      const paused = await createPerson(database.db, { email: `paused-${Date.now()}@example.com` });
      const gone = await createPerson(database.db, { email: `gone-${Date.now()}@example.com` });

      smtp.pause();
      let pausedAnswer: Res;
      let pausedAnswerMs: number;
      try {
        const started = performance.now();
        pausedAnswer = await forgotFor(paused.email);
        pausedAnswerMs = performance.now() - started;
        await sleep(PAUSE_MS);
      } finally {
        smtp.resume();
      }
      expect(pausedAnswer.statusCode).toBe(202);
      // Quick: resumed before the greeting timeout, the mail goes out in the same attempt; long:
      // that attempt failed and the next one, 30 s later, delivers.
      const pausedDeliveryMs = await until(mailed(paused.email), 60_000, 'mail after the pause');

      await smtp.stop();
      const goneAnswer = await forgotFor(gone.email);
      expect(goneAnswer.statusCode).toBe(202);
      await until(
        async () => {
          const row = await database.db.selectFrom('mailOutbox').select(['state', 'attempts']).where('toAddress', '=', gone.email).executeTakeFirst();
          return row?.state === 'queued' && row.attempts >= 1;
        },
        10_000,
        'a failed attempt kept in the outbox',
      );
      await smtp.start();
      const goneDeliveryMs = await until(mailed(gone.email), 60_000, 'mail after the restart');
      // The server receives the mail a moment before the worker records it as sent.
      const bothSent = async () => {
        const rows = await database.db.selectFrom('mailOutbox').select('state').where('toAddress', 'in', [paused.email, gone.email]).execute();
        return rows.length === 2 && rows.every((row) => row.state === 'sent');
      };
      await until(bothSent, 10_000, 'both mails recorded as sent');
      printFigures('smtp', {
        pauseMs: PAUSE_MS,
        answerWhilePausedMs: Math.round(pausedAnswerMs),
        deliveredAfterPauseMs: Math.round(pausedDeliveryMs),
        deliveredAfterRestartMs: Math.round(goneDeliveryMs),
      });
    }, 180_000);
  });

  describe.runIf(dialect === 'postgres')('PostgreSQL (cut and held by a TCP proxy)', () => {
    let proxy: TcpProxy;
    let portal: Portal;
    let send: Send;
    beforeAll(async () => {
      const target = new URL(database.url);
      proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
      target.host = `127.0.0.1:${proxy.port}`;
      portal = await startPortal(target.toString());
      send = httpClient(portal.base, 30_000);
    });
    afterAll(async () => {
      await portal?.kill();
      await proxy?.close();
    });

    const signIn = (language?: string) =>
      send({
        method: 'POST',
        url: '/rest/auth',
        headers: { ...basicAuthHeader(person.email, person.password), ...(language ? { 'accept-language': language } : {}) },
        remoteAddress: randomAddress(),
      });
    const expectUnavailable = (res: Res, text: RegExp) => {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'unavailable', message: expect.stringMatching(text) } });
    };

    it('answers 503 with Retry-After in the client\'s language while the database is gone, and serves again without a restart', async () => {
      expect((await signIn()).statusCode).toBe(200);
      proxy.cut();
      let slowestMs = 0;
      try {
        const end = performance.now() + budget(1000, 20_000);
        do {
          const started = performance.now();
          expectUnavailable(await signIn(), /versuche/);
          expectUnavailable(await signIn('en'), /try again/);
          expect((await send({ method: 'GET', url: '/rest/ready' })).statusCode).toBe(503);
          expect((await send({ method: 'GET', url: '/rest/health' })).statusCode).toBe(200);
          slowestMs = Math.max(slowestMs, (performance.now() - started) / 2);
          await sleep(100);
        } while (performance.now() < end);
      } finally {
        proxy.restore();
      }
      expect(slowestMs).toBeLessThanOrEqual(4000);
      const backMs = await until(async () => (await signIn()).statusCode === 200, 10_000, 'sign-in after the cut');
      printFigures('postgres-gone', { slowestMs: Math.round(slowestMs), backMs: Math.round(backMs) });
    });

    it('answers 503 within the statement bound while the database holds every byte, and serves again after', async () => {
      expect((await signIn()).statusCode).toBe(200);
      proxy.pause();
      // A free connection waits 3 s for the database, a statement 10 s, 11 s in the client
      // should the server not answer at all (db/connect.ts).
      const boundMs = 15_000;
      const answers: Array<{ res: Res; ms: number }> = [];
      const started = performance.now();
      try {
        do {
          const asked = performance.now();
          answers.push({ res: await signIn('en'), ms: performance.now() - asked });
        } while (performance.now() - started < PAUSE_MS);
      } finally {
        proxy.restore();
      }
      for (const { res } of answers) expectUnavailable(res, /try again/);
      const slowestMs = Math.max(...answers.map((a) => a.ms));
      expect(slowestMs).toBeLessThanOrEqual(boundMs);
      const backMs = await until(async () => (await signIn()).statusCode === 200, 15_000, 'sign-in after the pause');
      printFigures('postgres-paused', { heldMs: Math.round(performance.now() - started), requests: answers.length, slowestMs: Math.round(slowestMs), backMs: Math.round(backMs) });
    }, 120_000);
  });
});
