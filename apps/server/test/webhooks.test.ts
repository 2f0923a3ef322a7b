import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '@portal/contract/webhook';
import { openDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { isForbiddenAddress, type Resolver } from '../src/modules/webhook-record/webhook-address.js';
import type { SendRules } from '../src/modules/webhook-record/webhook-sender.js';
import { WebhookWorker, projectLink, sendRules, type WebhookWorkerOptions } from '../src/modules/webhook-record/webhook-worker.js';
import {
  bearer,
  buildTestApp,
  createProjectWithLicences,
  createService,
  createSignedInPerson,
  dialect,
  type SignedInPerson,
  type TestContext,
} from './helper.js';

// Webhooks (docs/webhooks.md): endpoints per project, signed deliveries to a real receiver on
// 127.0.0.1 (allowed by WEBHOOK_ALLOW_PRIVATE=1 here only), retries, the delivery log, SSRF rules.

const INGEST = 'ingest-token-0123456789-0123456789-abcdef';
const HOUR = 3_600_000;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  url: string;
}

interface Receiver {
  url: string;
  received: Received[];
  /** How the receiver answers the next request (default: 200 "ok"). */
  answer: (req: http.IncomingMessage, res: http.ServerResponse, index: number) => void;
  close: () => Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Omit<Receiver, 'url' | 'close'> = {
    received: [],
    answer: (_req, res) => res.end('ok'),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const index = receiver.received.length;
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), url: req.url ?? '' });
      receiver.answer(req, res, index);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const FAST: WebhookWorkerOptions = { pollMs: 20, baseDelayMs: 30_000, maxDelayMs: HOUR, leaseMs: 60_000 };

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface WebhookAnswer {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  disabledReason: string | null;
  secret: string;
  previousSecretValidUntil: string | null;
}

interface DeliveryAnswer {
  id: string;
  messageId: string;
  event: string;
  state: string;
  attempts: number;
  statusCode: number | null;
  durationMs: number | null;
  response: string | null;
}

describe('webhooks', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  let owner: SignedInPerson;
  let editor: SignedInPerson;
  let viewer: SignedInPerson;
  let stranger: SignedInPerson;
  let serviceId: string;
  let otherServiceId: string;
  let projectId: string;
  let licenceId: string;
  const workers: WebhookWorker[] = [];

  const call = (who: SignedInPerson | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...(who ? bearer(who.token) : {}), 'content-language': 'en' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const base = () => `/rest/collection/project/${projectId}/webhook`;
  const rules = (change: Partial<SendRules> = {}): SendRules => ({ ...sendRules(ctx.app.config), ...change });
  const worker = (change: Partial<SendRules> = {}, handle = ctx.db): WebhookWorker => {
    const w = new WebhookWorker(handle, rules(change), projectLink(ctx.app.config), ctx.app.log, clock, FAST);
    workers.push(w);
    return w;
  };
  const addEndpoint = async (body: Record<string, unknown> = {}, who = owner): Promise<WebhookAnswer> => {
    const res = await call(who, 'POST', base(), { url: receiver.url, events: ['licence.key_rotated'], ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<WebhookAnswer>();
  };
  const log = async (wid: string): Promise<DeliveryAnswer[]> => {
    const res = await call(owner, 'GET', `${base()}/${wid}/delivery?pageSize=100`);
    expect(res.statusCode).toBe(200);
    return res.json<{ items: DeliveryAnswer[] }>().items;
  };
  const sendTest = async (wid: string): Promise<DeliveryAnswer> => {
    const res = await call(owner, 'POST', `${base()}/${wid}/test`);
    expect(res.statusCode, res.body).toBe(202);
    return res.json<DeliveryAnswer>();
  };
  const verify = (secret: string, got: Received) =>
    new Webhook(secret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    });

  beforeAll(async () => {
    ctx = await buildTestApp(
      { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '400', USAGE_INGEST_TOKEN: INGEST, PUBLIC_URL: 'https://portal.example.com' },
      { clock },
    );
    receiver = await startReceiver();
    owner = await createSignedInPerson(ctx, { firstname: 'Olga' });
    editor = await createSignedInPerson(ctx, { firstname: 'Edith' });
    viewer = await createSignedInPerson(ctx, { firstname: 'Viktor' });
    stranger = await createSignedInPerson(ctx, { firstname: 'Stefan' });
    serviceId = await createService(ctx.db);
    otherServiceId = await createService(ctx.db);
    ({
      projectId,
      licenceIds: [licenceId],
    } = await createProjectWithLicences(ctx, owner, [serviceId] as const));
    const now = new Date().toISOString();
    await ctx.db
      .insertInto('projectMember')
      .values([
        { projectId, personId: editor.id, role: 'editor', createdAt: now },
        { projectId, personId: viewer.id, role: 'viewer', createdAt: now },
      ])
      .execute();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await ctx.db.deleteFrom('webhookDelivery').execute();
    await ctx.db.deleteFrom('webhookEndpoint').execute();
    await ctx.db.deleteFrom('mailOutbox').execute();
    receiver.received.length = 0;
    receiver.answer = (_req, res) => res.end('ok');
    offset = 0;
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  describe('endpoints and access', () => {
    it('lets owners and editors add, read, change and remove endpoints, with a whsec_ secret each', async () => {
      const created = await addEndpoint({ events: ['licence.added', 'licence.added', 'member.joined'], description: ' Shop ' });
      expect(created).toMatchObject({ url: receiver.url, events: ['licence.added', 'member.joined'], description: 'Shop', enabled: true });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
      const byEditor = await addEndpoint({ events: ['licence.removed'] }, editor);
      expect(byEditor.secret).not.toBe(created.secret);

      const list = await call(editor, 'GET', base());
      expect(list.json<WebhookAnswer[]>().map((w) => w.id)).toEqual([created.id, byEditor.id]);
      const patched = await call(editor, 'PATCH', `${base()}/${created.id}`, { enabled: false, events: ['usage.threshold_reached'] });
      expect(patched.json<WebhookAnswer>()).toMatchObject({ enabled: false, events: ['usage.threshold_reached'], secret: created.secret });
      expect((await call(owner, 'GET', `${base()}/${created.id}`)).json<WebhookAnswer>().enabled).toBe(false);

      expect((await call(owner, 'DELETE', `${base()}/${created.id}`)).statusCode).toBe(204);
      expect((await call(owner, 'GET', `${base()}/${created.id}`)).statusCode).toBe(404);
      expect((await call(owner, 'DELETE', `${base()}/${created.id}`)).statusCode).toBe(404);
    });

    it('switches off the endpoints a member added when they become a viewer or leave; the others stay on', async () => {
      const member = async (firstname: string) => {
        const person = await createSignedInPerson(ctx, { firstname });
        await ctx.db.insertInto('projectMember').values({ projectId, personId: person.id, role: 'editor', createdAt: new Date().toISOString() }).execute();
        return person;
      };
      const demoted = await member('Dora');
      const leaving = await member('Lena');
      const ownersHook = await addEndpoint();
      const dorasHook = await addEndpoint({}, demoted);
      const lenasHook = await addEndpoint({}, leaving);
      expect((await call(owner, 'PATCH', `/rest/collection/project/${projectId}/member/${demoted.id}`, { role: 'viewer' })).statusCode).toBeLessThan(300);
      expect((await call(leaving, 'DELETE', `/rest/collection/project/${projectId}/member/${leaving.id}`)).statusCode).toBe(204);
      const listed = (await call(owner, 'GET', base())).json<WebhookAnswer[]>();
      const stateOf = (id: string) => listed.find((h) => h.id === id);
      expect(stateOf(ownersHook.id)).toMatchObject({ enabled: true, disabledReason: null });
      expect(stateOf(dorasHook.id)).toMatchObject({ enabled: false, disabledReason: 'creatorLeft' });
      expect(stateOf(lenasHook.id)).toMatchObject({ enabled: false, disabledReason: 'creatorLeft' });
      // An event reaches only the endpoint still on.
      expect((await call(owner, 'POST', `/rest/collection/service_licence/${licenceId}/key`)).statusCode).toBe(200);
      const queued = await ctx.db.selectFrom('webhookDelivery').select('endpointId').execute();
      expect(queued.map((d) => d.endpointId)).toEqual([ownersHook.id]);
      // The owner may switch one on again, taking it over knowingly.
      expect((await call(owner, 'PATCH', `${base()}/${dorasHook.id}`, { enabled: true })).json<WebhookAnswer>()).toMatchObject({
        enabled: true,
        disabledReason: null,
      });
      await ctx.db.deleteFrom('projectMember').where('personId', 'in', [demoted.id, leaving.id]).execute();
    });

    it('answers viewers 403 and strangers 404, and changes nothing for them', async () => {
      const hook = await addEndpoint();
      const urls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]> = [
        ['GET', base()],
        ['POST', base(), { url: receiver.url, events: ['licence.added'] }],
        ['GET', `${base()}/${hook.id}`],
        ['PATCH', `${base()}/${hook.id}`, { enabled: false }],
        ['DELETE', `${base()}/${hook.id}`],
        ['POST', `${base()}/${hook.id}/test`],
        ['POST', `${base()}/${hook.id}/secret`],
        ['GET', `${base()}/${hook.id}/delivery`],
      ];
      for (const [method, url, body] of urls) {
        expect((await call(viewer, method, url, body)).statusCode, `viewer ${method} ${url}`).toBe(403);
        expect((await call(stranger, method, url, body)).statusCode, `stranger ${method} ${url}`).toBe(404);
        expect((await call(undefined, method, url, body)).statusCode, `anonymous ${method} ${url}`).toBe(401);
      }
      const after = (await call(owner, 'GET', `${base()}/${hook.id}`)).json<WebhookAnswer>();
      expect(after).toMatchObject({ enabled: true, secret: hook.secret });
      expect(await log(hook.id)).toHaveLength(0);
      expect((await call(owner, 'GET', base())).json<unknown[]>()).toHaveLength(1);
    });

    it("does not find another project's endpoint under this project's id", async () => {
      const hook = await addEndpoint();
      const other = await createProjectWithLicences(ctx, stranger, [] as const);
      const foreign = `/rest/collection/project/${other.projectId}/webhook/${hook.id}`;
      expect((await call(stranger, 'GET', foreign)).statusCode).toBe(404);
      expect((await call(stranger, 'POST', `${foreign}/test`)).statusCode).toBe(404);
      expect((await call(stranger, 'DELETE', foreign)).statusCode).toBe(404);
      expect((await call(owner, 'GET', `${base()}/${hook.id}`)).statusCode).toBe(200);
    });

    it('refuses bad input in the caller language and stores nothing', async () => {
      const bad: unknown[] = [
        { url: 'ftp://example.com/x', events: ['licence.added'] },
        { url: 'not a url', events: ['licence.added'] },
        { url: `https://example.com/${'a'.repeat(WEBHOOK_LIMITS.urlLength)}`, events: ['licence.added'] },
        { url: 'https://example.com/', events: [] },
        { url: 'https://example.com/', events: ['licence.exploded'] },
        { url: 'https://example.com/', events: ['licence.added'], description: 'x'.repeat(WEBHOOK_LIMITS.descriptionLength + 1) },
        { url: 'https://example.com/', events: ['licence.added'], secret: 'whsec_mine' },
        { url: 'https://example.com/', events: ['licence.added'], description: 'bell\u0007' },
      ];
      for (const body of bad) {
        const res = await call(owner, 'POST', base(), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.body).not.toMatch(/stack|select |insert /i);
      }
      expect((await call(owner, 'GET', base())).json<unknown[]>()).toHaveLength(0);
    });

    it(`takes at most ${WEBHOOK_LIMITS.perProject} endpoints per project`, async () => {
      for (let i = 0; i < WEBHOOK_LIMITS.perProject; i++) await addEndpoint();
      const res = await call(owner, 'POST', base(), { url: receiver.url, events: ['licence.added'] });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.url).toMatch(/maximum number/);
      expect((await call(owner, 'GET', base())).json<unknown[]>()).toHaveLength(WEBHOOK_LIMITS.perProject);
    });

    it('refuses to start in production with WEBHOOK_ALLOW_PRIVATE', async () => {
      const { loadConfig } = await import('../src/config.js');
      const { productionConfigProblem } = await import('../src/production-checks.js');
      const env = { NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'https://portal.example.com' };
      expect(productionConfigProblem(loadConfig(env))).toBeUndefined();
      expect(productionConfigProblem(loadConfig({ ...env, WEBHOOK_ALLOW_PRIVATE: '1' }))).toMatch(/WEBHOOK_ALLOW_PRIVATE/);
    });

    it('takes only https addresses in production', async () => {
      const production = await buildTestApp({ NODE_ENV: 'production', HOST: '127.0.0.1', PUBLIC_URL: 'https://portal.example.com' });
      try {
        const me = await createSignedInPerson(production);
        const { projectId: pid } = await createProjectWithLicences(production, me, [] as const);
        const post = (url: string) =>
          production.app.inject({ method: 'POST', url: `/rest/collection/project/${pid}/webhook`, headers: bearer(me.token), payload: { url, events: ['licence.added'] } });
        const refused = await post('http://example.com/hook');
        expect(refused.statusCode).toBe(400);
        expect(refused.json<{ error: { fields: Record<string, string> } }>().error.fields.url).toMatch(/https/);
        expect((await post('https://example.com/hook')).statusCode).toBe(201);
      } finally {
        await production.close();
      }
    });
  });

  describe('delivery', () => {
    it('signs a delivery per Standard Webhooks; the receiver verifies it with the secret and the log shows it', async () => {
      const hook = await addEndpoint();
      receiver.answer = (_req, res) => res.writeHead(204).end();
      const queued = await sendTest(hook.id);
      expect(queued).toMatchObject({ state: 'pending', event: 'webhook.test', attempts: 0 });
      expect(await worker().deliverNext()).toBe(true);
      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0]!;
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['webhook-id']).toBe(queued.messageId);
      expect(verify(hook.secret, got)).toMatchObject({ type: 'webhook.test', version: 1, data: { projectId, webhookId: hook.id } });
      expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got)).toThrow();
      const [entry] = await log(hook.id);
      expect(entry).toMatchObject({ id: queued.id, state: 'delivered', attempts: 1, statusCode: 204 });
      expect(entry!.durationMs).toBeGreaterThanOrEqual(0);
    });

    it('retries a failed delivery after the backoff and records every attempt', async () => {
      const hook = await addEndpoint();
      receiver.answer = (_req, res, index) => (index === 0 ? res.writeHead(500).end('database down') : res.end('thanks'));
      await sendTest(hook.id);
      const w = worker();
      expect(await w.deliverNext()).toBe(true);
      expect(await log(hook.id)).toMatchObject([{ state: 'pending', attempts: 1, statusCode: 500, response: 'database down' }]);
      expect(await w.deliverNext()).toBe(false); // not due yet
      offset = 31_000;
      expect(await w.deliverNext()).toBe(true);
      expect(await log(hook.id)).toMatchObject([{ state: 'delivered', attempts: 2, statusCode: 200, response: 'thanks' }]);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
      expect(verify(hook.secret, receiver.received[1]!)).toBeTruthy();
    });

    it("disables an endpoint that failed for 24 hours and mails the project's owner", async () => {
      const hook = await addEndpoint();
      receiver.answer = (_req, res) => res.writeHead(503).end('away');
      await sendTest(hook.id);
      const w = worker();
      await w.deliverNext();
      offset = 12 * HOUR;
      await w.deliverNext();
      expect((await call(owner, 'GET', `${base()}/${hook.id}`)).json<WebhookAnswer>().enabled).toBe(true);
      expect(await ctx.db.selectFrom('mailOutbox').selectAll().execute()).toHaveLength(0);
      offset = 24 * HOUR + 60_000;
      await w.deliverNext();
      const after = (await call(owner, 'GET', `${base()}/${hook.id}`)).json<WebhookAnswer>();
      expect(after).toMatchObject({ enabled: false, disabledReason: 'failing' });
      expect((await log(hook.id))[0]).toMatchObject({ state: 'failed', attempts: 3 });
      const mails = await ctx.db.selectFrom('mailOutbox').selectAll().execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: 'webhook-disabled', toAddress: owner.email, language: 'de' });
      expect(mails[0]!.subject).toContain('Webhook abgeschaltet');
      expect(mails[0]!.textBody).toContain(receiver.url);
      // Nothing more is queued or sent to it until it is enabled again.
      expect((await call(owner, 'POST', `${base()}/${hook.id}/test`)).statusCode).toBe(409);
      expect((await call(owner, 'POST', `/rest/collection/service_licence/${licenceId}/key`)).statusCode).toBe(200);
      expect(await log(hook.id)).toHaveLength(1);
      const again = await call(owner, 'PATCH', `${base()}/${hook.id}`, { enabled: true });
      expect(again.json<WebhookAnswer>()).toMatchObject({ enabled: true, disabledReason: null });
      receiver.answer = (_req, res) => res.end('ok');
      await sendTest(hook.id);
      await w.deliverNext();
      expect((await log(hook.id))[0]).toMatchObject({ state: 'delivered', event: 'webhook.test' });
    });

    it(`takes ${WEBHOOK_LIMITS.manualPerHour} test events per endpoint an hour, then 429 and nothing queued`, async () => {
      const hook = await addEndpoint();
      const first = await sendTest(hook.id);
      for (let i = 1; i < WEBHOOK_LIMITS.manualPerHour; i++) await sendTest(hook.id);
      const refused = await call(owner, 'POST', `${base()}/${hook.id}/test`);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(await ctx.db.selectFrom('webhookDelivery').select('id').where('endpointId', '=', hook.id).execute()).toHaveLength(
        WEBHOOK_LIMITS.manualPerHour,
      );
      // Resends have a count of their own, and another endpoint too.
      expect((await call(owner, 'POST', `${base()}/${hook.id}/delivery/${first.id}/resend`)).statusCode).toBe(202);
      await sendTest((await addEndpoint()).id);
    });

    it('resends a logged message with the same webhook-id and body', async () => {
      const hook = await addEndpoint();
      const first = await sendTest(hook.id);
      const w = worker();
      await w.deliverNext();
      const res = await call(owner, 'POST', `${base()}/${hook.id}/delivery/${first.id}/resend`);
      expect(res.statusCode).toBe(202);
      expect(res.json<DeliveryAnswer>()).toMatchObject({ messageId: first.messageId, state: 'pending' });
      await w.deliverNext();
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(first.messageId);
      expect((await call(owner, 'POST', `${base()}/${hook.id}/delivery/XXXXunknown/resend`)).statusCode).toBe(404);
      expect((await call(viewer, 'POST', `${base()}/${hook.id}/delivery/${first.id}/resend`)).statusCode).toBe(403);
      expect(await log(hook.id)).toHaveLength(2);
    });

    it('signs with both secrets during the grace period after a rotation, and with the new one after it', async () => {
      const hook = await addEndpoint();
      const rotated = await call(owner, 'POST', `${base()}/${hook.id}/secret`);
      expect(rotated.statusCode).toBe(200);
      const fresh = rotated.json<WebhookAnswer>();
      expect(fresh.secret).not.toBe(hook.secret);
      expect(fresh.secret).toMatch(/^whsec_/);
      expect(Date.parse(fresh.previousSecretValidUntil!) - clock.now().getTime()).toBeGreaterThan(23.9 * HOUR);
      await sendTest(hook.id);
      const w = worker();
      await w.deliverNext();
      const during = receiver.received[0]!;
      expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verify(fresh.secret, during)).toBeTruthy();
      expect(verify(hook.secret, during)).toBeTruthy();

      offset = 24 * HOUR + 60_000;
      await sendTest(hook.id);
      await w.deliverNext();
      const later = receiver.received[1]!;
      // The receiver checks the timestamp against its own clock; the test's clock runs a day ahead.
      const headers = {
        'webhook-id': String(later.headers['webhook-id']),
        'webhook-signature': String(later.headers['webhook-signature']),
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      };
      expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(() => new Webhook(hook.secret).verify(later.body, headers)).toThrow();
      expect((await call(owner, 'GET', `${base()}/${hook.id}`)).json<WebhookAnswer>().previousSecretValidUntil).toBeNull();
    });

    it('does not follow redirects', async () => {
      const hook = await addEndpoint();
      receiver.answer = (_req, res) => res.writeHead(302, { location: '/elsewhere' }).end();
      await sendTest(hook.id);
      await worker().deliverNext();
      expect(receiver.received.map((r) => r.url)).toEqual(['/hook']);
      expect((await log(hook.id))[0]).toMatchObject({ state: 'pending', statusCode: 302 });
    });

    it('gives up on a slow receiver after the configured timeout', async () => {
      const hook = await addEndpoint();
      receiver.answer = () => undefined; // never answers
      await sendTest(hook.id);
      const started = Date.now();
      await worker().deliverNext();
      expect(Date.now() - started).toBeLessThan(3000);
      const [entry] = await log(hook.id);
      expect(entry).toMatchObject({ state: 'pending', statusCode: null });
      expect(entry!.response).toMatch(/timed out/);
    });

    it('reads at most 64 KB of an answer and stores its first KB', async () => {
      const hook = await addEndpoint();
      let closed = false;
      receiver.answer = (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.on('close', () => (closed = true));
        res.write('x'.repeat(200 * 1024)); // and never ends
      };
      await sendTest(hook.id);
      const started = Date.now();
      await worker().deliverNext();
      expect(Date.now() - started).toBeLessThan(400); // did not wait for the timeout
      const [entry] = await log(hook.id);
      expect(entry).toMatchObject({ state: 'delivered', statusCode: 200 });
      expect(entry!.response).toHaveLength(WEBHOOK_LIMITS.responseStoredBytes);
      await until(() => closed);
    });

    it('delivers every message once while two workers with their own database handles share the queue', async () => {
      const hook = await addEndpoint();
      for (let i = 0; i < 20; i++) await sendTest(hook.id);
      let second: DatabaseHandle;
      if (dialect === 'postgres') {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db);
        second = openDatabase(ctx.database.url, { searchPath: rows[0]!.schema });
      } else {
        second = openDatabase(ctx.database.url);
      }
      try {
        worker().start();
        worker({}, second.db).start();
        await until(async () => (await log(hook.id)).every((d) => d.state === 'delivered'));
        await new Promise((resolve) => setTimeout(resolve, 100));
        const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
        expect(ids).toHaveLength(20);
        expect(new Set(ids).size).toBe(20);
        expect((await log(hook.id)).every((d) => d.attempts === 1)).toBe(true);
      } finally {
        await Promise.all(workers.splice(0).map((w) => w.stop()));
        await second.close();
      }
    });
  });

  describe('safety', () => {
    const answering =
      (...addresses: string[]): Resolver =>
      () =>
        Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const));

    it('refuses receivers whose name resolves to a private, loopback, link-local or mapped address', async () => {
      const hook = await addEndpoint({ url: `http://hooks.customer.example:${new URL(receiver.url).port}/hook` });
      const cases = [
        ['127.0.0.1'],
        ['10.1.2.3'],
        ['169.254.169.254'],
        ['192.168.0.10'],
        ['::1'],
        ['::ffff:127.0.0.1'],
        ['::ffff:a9fe:a9fe'],
        ['fd00::1'],
        ['fe80::1'],
        ['93.184.216.34', '10.0.0.1'], // one bad address refuses the name
      ];
      for (const addresses of cases) {
        await ctx.db.deleteFrom('webhookDelivery').execute();
        await sendTest(hook.id);
        await worker({ allowPrivate: false, resolve: answering(...addresses) }).deliverNext();
        const [entry] = await log(hook.id);
        expect(entry, addresses.join(',')).toMatchObject({ statusCode: null, state: 'pending' });
        expect(entry!.response).toMatch(/^refused/);
      }
      expect(receiver.received).toHaveLength(0);
    });

    it('connects to the checked address, not to a second answer of the name', async () => {
      const hook = await addEndpoint({ url: `http://rebind.customer.example:${new URL(receiver.url).port}/hook` });
      let lookups = 0;
      const rebinding: Resolver = () => Promise.resolve([{ address: lookups++ === 0 ? '127.0.0.1' : '10.9.9.9', family: 4 }]);
      await sendTest(hook.id);
      await worker({ resolve: rebinding }).deliverNext();
      expect(lookups).toBe(1);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers.host).toMatch(/^rebind\.customer\.example:/);
    });

    it('refuses 127.0.0.1 without WEBHOOK_ALLOW_PRIVATE, the portal own host, and http in production', async () => {
      const hook = await addEndpoint();
      await sendTest(hook.id);
      await worker({ allowPrivate: false }).deliverNext();
      expect((await log(hook.id))[0]!.response).toMatch(/^refused/);
      await ctx.db.updateTable('webhookEndpoint').set({ url: 'https://portal.example.com/rest/x' }).execute();
      await ctx.db.deleteFrom('webhookDelivery').execute();
      await sendTest(hook.id);
      await worker({ resolve: answering('93.184.216.34') }).deliverNext();
      expect((await log(hook.id))[0]!.response).toMatch(/refused: the portal itself/);
      // Also written with the trailing dot of a fully qualified name.
      await ctx.db.updateTable('webhookEndpoint').set({ url: 'https://portal.example.com./rest/x' }).execute();
      await ctx.db.deleteFrom('webhookDelivery').execute();
      await sendTest(hook.id);
      await worker({ resolve: answering('93.184.216.34') }).deliverNext();
      expect((await log(hook.id))[0]!.response).toMatch(/refused: the portal itself/);
      await ctx.db.updateTable('webhookEndpoint').set({ url: receiver.url }).execute();
      await ctx.db.deleteFrom('webhookDelivery').execute();
      await sendTest(hook.id);
      await worker({ httpsOnly: true }).deliverNext();
      expect((await log(hook.id))[0]!.response).toMatch(/only https/);
      expect(receiver.received).toHaveLength(0);
    });

    it('classifies addresses', () => {
      for (const bad of ['0.0.0.0', '10.0.0.1', '100.64.0.1', '127.8.8.8', '169.254.1.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '224.0.0.1', '255.255.255.255', '::', '::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', 'fc00::1', 'fdff::1', 'fe80::1%eth0', 'ff02::1', '2002:a00:1::1', '192.0.2.1', '198.51.100.7', '203.0.113.9', '192.88.99.1', '::ffff:0:a00:1', '64:ff9b:1::808:808', '2001::1']) {
        expect(isForbiddenAddress(bad), bad).toBe(true);
      }
      for (const good of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001::1']) {
        expect(isForbiddenAddress(good), good).toBe(false);
      }
    });
  });

  describe('events', () => {
    const events = async (wid: string) => {
      const entries = await log(wid);
      const rows = await ctx.db.selectFrom('webhookDelivery').select(['id', 'payload']).execute();
      const payloads = new Map(rows.map((r) => [r.id, JSON.parse(r.payload) as { type: string; version: number; data: Record<string, unknown> }]));
      return entries.reverse().map((e) => payloads.get(e.id)!);
    };
    const ALL = ['usage.threshold_reached', 'licence.key_rotated', 'licence.state_changed', 'licence.added', 'licence.removed', 'member.joined'];

    it('are queued by the real actions, each with its data, and delivered signed', async () => {
      const hook = await addEndpoint({ events: ALL });
      const onlyAdded = await addEndpoint({ events: ['licence.added'] });
      const rotated = await call(owner, 'POST', `/rest/collection/service_licence/${licenceId}/key`);
      expect(rotated.statusCode).toBe(200);
      expect((await call(editor, 'PATCH', `/rest/collection/service_licence/${licenceId}`, { online: false })).statusCode).toBe(200);
      // Switching off what is off changes nothing and emits nothing.
      expect((await call(editor, 'PATCH', `/rest/collection/service_licence/${licenceId}`, { online: false })).statusCode).toBe(200);
      expect((await call(owner, 'PATCH', `/rest/collection/service_licence/${licenceId}`, { online: true })).statusCode).toBe(200);
      const added = await call(owner, 'PUT', `/rest/collection/project/${projectId}/service_licence/${otherServiceId}`);
      expect(added.statusCode).toBe(201);
      const addedId = added.json<{ licences: Array<{ id: string; service: { id: string } }> }>().licences.find((l) => l.service.id === otherServiceId)!.id;
      expect((await call(owner, 'DELETE', `/rest/collection/project/${projectId}/service_licence/${addedId}`)).statusCode).toBe(204);
      const guest = await createSignedInPerson(ctx, { firstname: 'Gast' });
      expect((await call(owner, 'POST', `/rest/collection/project/${projectId}/member`, { email: guest.email, role: 'viewer' })).statusCode).toBe(201);
      const invitation = (await call(guest, 'GET', `/rest/collection/person/${guest.id}/invitation`)).json<Array<{ id: string }>>()[0]!;
      expect((await call(guest, 'POST', `/rest/collection/invitation/${invitation.id}/accept`)).statusCode).toBe(200);
      expect((await call(owner, 'PATCH', `/rest/collection/service_licence/${licenceId}`, { alertMonthlyCalls: 100 })).statusCode).toBe(200);
      const key = rotated.json<{ licenceKey: string }>().licenceKey;
      const day = clock.now().toISOString().slice(0, 10);
      const ingest = await ctx.app.inject({ method: 'POST', url: '/rest/usage/ingest', headers: bearer(INGEST), payload: { items: [{ licenceKey: key, day, count: 150 }] } });
      expect(ingest.statusCode).toBe(200);

      const sent = await events(hook.id);
      expect(sent.map((e) => e.type)).toEqual([
        'licence.key_rotated',
        'licence.state_changed',
        'licence.state_changed',
        'licence.added',
        'licence.removed',
        'member.joined',
        'usage.threshold_reached',
      ]);
      expect(sent.every((e) => e.version === 1 && e.data.projectId === projectId)).toBe(true);
      expect(sent[0]!.data).toMatchObject({ licenceId, serviceId, licenceKey: key });
      expect(sent[1]!.data).toMatchObject({ licenceId, online: false });
      expect(sent[2]!.data).toMatchObject({ licenceId, online: true });
      expect(sent[3]!.data).toMatchObject({ licenceId: addedId, serviceId: otherServiceId });
      expect(sent[4]!.data).toMatchObject({ licenceId: addedId });
      expect(sent[5]!.data).toMatchObject({ personId: guest.id, role: 'viewer' });
      expect(sent[6]!.data).toMatchObject({ licenceId, threshold: 100, calls: 150, month: day.slice(0, 7) });
      expect((await events(onlyAdded.id)).map((e) => e.type)).toEqual(['licence.added']);

      const w = worker();
      while (await w.deliverNext());
      expect(receiver.received).toHaveLength(8);
      const toHook = receiver.received.filter((r) => (verifySafe(hook.secret, r)));
      expect(toHook).toHaveLength(7);
    });

    it('are not queued when the action fails, nor for disabled endpoints', async () => {
      const hook = await addEndpoint({ events: ALL, enabled: false });
      const live = await addEndpoint({ events: ALL });
      expect((await call(viewer, 'POST', `/rest/collection/service_licence/${licenceId}/key`)).statusCode).toBe(403);
      expect((await call(owner, 'PUT', `/rest/collection/project/${projectId}/service_licence/${serviceId}`)).statusCode).toBe(409);
      expect(await log(live.id)).toHaveLength(0);
      expect((await call(owner, 'POST', `/rest/collection/service_licence/${licenceId}/key`)).statusCode).toBe(200);
      expect(await log(live.id)).toHaveLength(1);
      expect(await log(hook.id)).toHaveLength(0);
    });
  });

  function verifySafe(secret: string, got: Received): boolean {
    try {
      verify(secret, got);
      return true;
    } catch {
      return false;
    }
  }
});
