import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { newId, sha256Hex } from '../../src/lib/ids.js';
import { createSession } from '../../src/modules/auth/session.service.js';
import { newAccessToken } from '../../src/modules/access-token/access-token.service.js';
import { dayAfter } from '@portal/contract/access-token';
import type { RouteAccess } from '../../src/plugins/access.js';
import { afterAll, beforeAll } from 'vitest';
import {
  basicAuth,
  bearer,
  buildTestApp,
  createPerson,
  createService,
  dialect,
  multipart,
  png,
  type TestContext,
  type TestPerson,
} from '../helper.js';
import { baseEnv, freePort } from '../support/built-server.js';
import { createServerDatabase, type ServerDatabase } from '../support/server-database.js';

// Shared by the parts of the reliability suite (docs/reliability.md): the quick/long switch,
// the built server as a child process on its own database, one request shape for app.inject
// and real HTTP, and the fixtures (three people, a project with a licence) the parts attack.

export { bearer, dialect, multipart, png };
export const long = process.env.RELIABILITY === 'long';
/** The quick value in npm test, the long one in npm run test:reliability. */
export const budget = <T>(quick: T, longValue: T): T => (long ? longValue : quick);

/** Prints a part's figures as one line (and appends it to RELIABILITY_FIGURES, if set, as JSON). */
export function printFigures(part: string, values: Record<string, number | string>): void {
  const line = Object.entries(values)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(`FIGURES ${part} [${dialect}${long ? ', long' : ', quick'}] ${line}`);
  const file = process.env.RELIABILITY_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify({ part, dialect, long, ...values })}\n`);
}

/** What no response body may show: a stack frame, a file path, SQL or a driver message. */
export const LEAK =
  /\bat .+:\d+:\d+|node_modules|\/work\/|\/home\/|\/tmp\/|\.[jt]s:\d+|SQLITE_|SqliteError|DatabaseError|syntax error|\bselect .+ from\b|\binsert into\b|relation "|violates .* constraint|invalid input syntax|duplicate key/i;

export const INGEST_TOKEN = 'reliability-ingest-token-0123456789-abcdef';

// --- one request shape for app.inject and for HTTP against the built server ---

export interface Req {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** Client address (inject), or X-Forwarded-For (HTTP; the server trusts 127.0.0.1). */
  remoteAddress?: string;
}
export interface Res {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}
export type Send = (req: Req) => Promise<Res>;

export const injector =
  (app: FastifyInstance): Send =>
  async (req) => {
    const res = await app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: req.headers ?? {},
      ...(req.payload === undefined ? {} : { payload: req.payload }),
      ...(req.remoteAddress ? { remoteAddress: req.remoteAddress } : {}),
    });
    return { statusCode: res.statusCode, headers: res.headers, body: res.body };
  };

export const httpClient =
  (base: string, timeoutMs = 10_000): Send =>
  async (req) => {
    const withBody = req.payload !== undefined && req.method !== 'GET' && req.method !== 'HEAD';
    const res = await fetch(`${base}${req.url}`, {
      method: req.method,
      headers: {
        ...(req.headers ?? {}),
        ...(req.remoteAddress ? { 'x-forwarded-for': req.remoteAddress } : {}),
      },
      ...(withBody ? { body: req.payload } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  };

/** A random documentation address (198.18.0.0/15), so per-address limits do not pile up. */
export const randomAddress = (): string => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** Milliseconds /rest/health takes to answer (a blocked event loop shows here first). */
export async function healthMs(send: Send): Promise<number> {
  const started = performance.now();
  const res = await send({ method: 'GET', url: '/rest/health' });
  if (res.statusCode !== 200) throw new Error(`/rest/health answered ${res.statusCode}`);
  return performance.now() - started;
}

// --- the built server as a child process ---

const distMain = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface Portal {
  base: string;
  send: Send;
  /** Milliseconds from spawning the process until /rest/ready answered 200. */
  readyMs: number;
  child: ChildProcess;
  /** The last lines the process wrote (stdout and stderr). */
  output: () => string;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Starts apps/server/dist/main.js (npm run build -w apps/server) on 127.0.0.1 and waits until ready. */
export async function startPortal(
  databaseUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<Portal> {
  if (!existsSync(distMain))
    throw new Error(`${distMain} is missing: run npm run build -w apps/server first`);
  const chosenPort = port ?? (await freePort());
  const base = `http://127.0.0.1:${chosenPort}`;
  const started = performance.now();
  const child = spawn(process.execPath, [distMain], {
    env: {
      ...baseEnv(),
      PORT: String(chosenPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      PORTAL_DEMO: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      USAGE_INGEST_TOKEN: INGEST_TOKEN,
      WEB_DIST: join(tmpdir(), 'portal-reliability-no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => void (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  // Never leave a server behind, even when the test process ends early.
  const orphanGuard = (): void => void child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  void exited.then(() => {
    gone = true;
    process.off('exit', orphanGuard);
  });
  const kill = async (signal: NodeJS.Signals = 'SIGKILL'): Promise<void> => {
    if (gone) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const send = httpClient(base);
  while (performance.now() - started < 20_000 && !gone) {
    try {
      const res = await httpClient(base, 1000)({ method: 'GET', url: '/rest/ready' });
      if (res.statusCode === 200) {
        return { base, send, readyMs: performance.now() - started, child, output: () => output, kill };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await kill();
  throw new Error(`the server did not get ready:\n${output}`);
}

// --- people, services and a project to attack ---

export interface Actor extends TestPerson {
  token: string;
}

export interface World {
  owner: Actor;
  other: Actor;
  admin: Actor;
  /** Members of every project of the owner (docs/domain.md#ownership). */
  editor: Actor;
  viewer: Actor;
  /** Invited to every project of the owner, never answering. */
  invitee: Actor;
  /** A service with a settings form, licensed in every project of the world. */
  serviceId: string;
  /** A service not licensed anywhere yet. */
  freeServiceId: string;
  mediaId: string;
  /** Admin content: a price package, a legal page the portal does not link to, a contact request and a text. */
  pricePackageId: string;
  legalPageId: string;
  contactRequestId: string;
  translationKey: string;
  /** Admin console: a service only the admin routes work on (they retire it), with one gallery picture. */
  adminServiceId: string;
  galleryImageId: string;
  /** A stored API reference version of the admin service. */
  apiVersionId: string;
  /** Text only the owner may ever see (project name). */
  secret: string;
  /** A session of the owner's other than the one of owner.token. */
  ownerSpareSessionId: string;
  /**
   * A customer only the admin's account deletion works on (DELETE /rest/collection/admin/person/:id):
   * renewed before each such call (renewDisposableCustomer), so the matrix never deletes its own callers.
   */
  disposableId: string;
  /** A personal access token of the owner's, for the route that revokes one. */
  ownerAccessTokenId: string;
}

export interface OwnedProject {
  projectId: string;
  licenceId: string;
  licenceKey: string;
  /** The invitee's pending invitation to it. */
  invitationId: string;
  /** A webhook endpoint of it, and the log entry of its test event. */
  webhookId: string;
  deliveryId: string;
}

export const settingsForm = JSON.stringify([
  {
    id: 's',
    label: { de: 'Einstellungen', en: 'Settings' },
    fields: [{ id: 'f1', name: { de: 'Feld', en: 'Field' }, fieldType: 'text' }],
  },
]);

/** A session without a (deliberately slow) sign-in. */
const startSession = (db: Kysely<Database>, personId: string): Promise<string> =>
  createSession(db, personId, new Date(), { userAgent: 'reliability-test', address: '127.0.0.1' });

async function actor(db: Kysely<Database>, isAdmin = 0): Promise<Actor> {
  const person = await createPerson(db, { isAdmin });
  return { ...person, token: await startSession(db, person.id) };
}

/**
 * A new spare session of the owner's for the routes that end one: an earlier call (ending all
 * other sessions, a password change) may have ended the last one.
 */
export async function renewOwnerSpareSession(db: Kysely<Database>, world: World): Promise<void> {
  const token = await startSession(db, world.owner.id);
  const spare = await db
    .selectFrom('session')
    .select('id')
    .where('tokenHash', '=', sha256Hex(token))
    .executeTakeFirstOrThrow();
  world.ownerSpareSessionId = spare.id;
}

/**
 * A personal access token of the person's, stored as the token routes store one (SHA-256 only),
 * valid for 30 days; answers the token and its id.
 */
export async function freshAccessToken(
  db: Kysely<Database>,
  personId: string,
  scope: 'read' | 'write',
): Promise<{ token: string; id: string }> {
  const token = newAccessToken();
  const id = newId();
  const now = new Date();
  await db
    .insertInto('accessToken')
    .values({
      id,
      personId,
      tokenHash: sha256Hex(token),
      name: `matrix ${scope}`,
      scope,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000).toISOString(),
      lastUsedAt: null,
    })
    .execute();
  return { token, id };
}

/** A new access token of the owner's for the route that revokes one: an earlier call may have revoked the last. */
export async function renewOwnerAccessToken(db: Kysely<Database>, world: World): Promise<void> {
  world.ownerAccessTokenId = (await freshAccessToken(db, world.owner.id, 'read')).id;
}

/** A fresh session for someone, without a (deliberately slow) sign-in. */
export const freshToken = (db: Kysely<Database>, personId: string): Promise<string> =>
  startSession(db, personId);

export async function createWorld(db: Kysely<Database>): Promise<World> {
  const mediaId = newId();
  await db
    .insertInto('media')
    .values({
      id: mediaId,
      contentType: 'image/png',
      bytes: await png(4),
      width: 4,
      height: 4,
      createdAt: new Date().toISOString(),
    })
    .execute();
  const content = await createAdminContent(db);
  const owner = await actor(db);
  // A second session of the owner's, for the routes that end one of their own sessions.
  const spareToken = await startSession(db, owner.id);
  const spare = await db
    .selectFrom('session')
    .select('id')
    .where('tokenHash', '=', sha256Hex(spareToken))
    .executeTakeFirstOrThrow();
  return {
    owner,
    ownerSpareSessionId: spare.id,
    disposableId: (await actor(db)).id,
    ownerAccessTokenId: (await freshAccessToken(db, owner.id, 'read')).id,
    other: await actor(db),
    admin: await actor(db, 1),
    editor: await actor(db),
    viewer: await actor(db),
    invitee: await actor(db),
    serviceId: await createService(db, { formJson: settingsForm }),
    freeServiceId: await createService(db, { accounting: 'monthly', monthlyFee: 1000 }),
    mediaId,
    ...content,
    ...(await createAdminService(db, mediaId)),
    secret: `Geheim${randomBytes(6).toString('hex')}`,
  };
}

/** Rows the admin content routes work on (docs/admin.md#content). */
async function createAdminContent(db: Kysely<Database>) {
  const now = new Date().toISOString();
  const pricePackageId = newId();
  await db
    .insertInto('pricePackage')
    .values({
      id: pricePackageId,
      nameDe: 'Paket',
      nameEn: 'Package',
      descriptionDe: 'B',
      descriptionEn: 'D',
      imgMediaId: null,
      bruttoMonatlich: 990,
      calls: 1000,
      sortOrder: 1,
    })
    .execute();
  const legalPageId = newId();
  await db
    .insertInto('legalPage')
    .values({
      id: legalPageId,
      internerName: `seite-${legalPageId.toLowerCase()}`,
      titleDe: 'Seite',
      titleEn: 'Page',
      htmlDe: '<p>a</p>',
      htmlEn: '<p>a</p>',
      updatedAt: now,
    })
    .execute();
  const contactRequestId = newId();
  await db
    .insertInto('contactRequest')
    .values({
      id: contactRequestId,
      firstname: 'Erika',
      subname: 'Muster',
      email: 'erika@example.com',
      message: '',
      termsAccepted: 1,
      language: 'de',
      createdAt: now,
    })
    .execute();
  await db
    .insertInto('translation')
    .values({ namespace: 'Reliability', id: 'text', de: 'Text', en: 'Text' })
    .execute();
  return { pricePackageId, legalPageId, contactRequestId, translationKey: 'Reliability.text' };
}

/** The service the admin service routes change, retire and upload to; never licensed. */
async function createAdminService(db: Kysely<Database>, mediaId: string) {
  const adminServiceId = await createService(db);
  const galleryImageId = newId();
  await db
    .insertInto('serviceImage')
    .values({
      id: galleryImageId,
      serviceId: adminServiceId,
      position: 0,
      nameDe: 'Bild',
      nameEn: 'Picture',
      xsMediaId: mediaId,
      smMediaId: mediaId,
      mdMediaId: mediaId,
      lgMediaId: mediaId,
      xlgMediaId: mediaId,
    })
    .execute();
  const apiVersionId = newId();
  const document = JSON.stringify({ openapi: '3.1.0', info: { title: 'API', version: '1' }, paths: {} });
  const now = new Date().toISOString();
  await db
    .insertInto('serviceApiVersion')
    .values({
      id: apiVersionId,
      serviceId: adminServiceId,
      version: '1',
      notesDe: '',
      notesEn: '',
      title: 'API',
      openapi: '3.1.0',
      operations: 0,
      sourceDe: document,
      sourceEn: null,
      documentDe: document,
      documentEn: null,
      createdAt: now,
      createdBy: 'test',
      publishedAt: null,
    })
    .execute();
  return { adminServiceId, galleryImageId, apiVersionId };
}

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});

/** A project of the owner with one licence, made through the API as a customer would. */
export async function createOwnedProject(send: Send, world: World): Promise<OwnedProject> {
  const auth = bearer(world.owner.token);
  const created = await send({
    method: 'POST',
    url: '/rest/collection/project',
    ...json({ projectOwner: world.owner.id, name: world.secret, description: `${world.secret} description` }),
    headers: { ...auth, 'content-type': 'application/json' },
  });
  if (created.statusCode !== 201)
    throw new Error(`project create answered ${created.statusCode} ${created.body}`);
  const projectId = (JSON.parse(created.body) as { id: string }).id;
  const added = await send({
    method: 'PUT',
    url: `/rest/collection/project/${projectId}/service_licence/${world.serviceId}`,
    headers: auth,
  });
  if (added.statusCode !== 201) throw new Error(`licence add answered ${added.statusCode} ${added.body}`);
  const licenceId = (JSON.parse(added.body) as { licences: Array<{ id: string }> }).licences[0]!.id;
  const licence = await send({
    method: 'GET',
    url: `/rest/collection/service_licence/${licenceId}`,
    headers: auth,
  });
  const licenceKey = (JSON.parse(licence.body) as { licenceKey: string }).licenceKey;
  // The editor and the viewer accept their invitations; the invitee's stays pending.
  let invitationId = '';
  for (const [member, role] of [
    [world.editor, 'editor'],
    [world.viewer, 'viewer'],
    [world.invitee, 'viewer'],
  ] as const) {
    const invited = await send({
      method: 'POST',
      url: `/rest/collection/project/${projectId}/member`,
      ...json({ email: member.email, role }),
      headers: { ...auth, 'content-type': 'application/json' },
    });
    if (invited.statusCode !== 201)
      throw new Error(`invitation answered ${invited.statusCode} ${invited.body}`);
    const list = await send({
      method: 'GET',
      url: `/rest/collection/person/${member.id}/invitation`,
      headers: bearer(member.token),
    });
    const invitation = (JSON.parse(list.body) as Array<{ id: string; project: { id: string } }>).find(
      (i) => i.project.id === projectId,
    );
    if (!invitation) throw new Error(`no invitation for ${role}: ${list.statusCode} ${list.body}`);
    if (member === world.invitee) {
      invitationId = invitation.id;
      continue;
    }
    const accepted = await send({
      method: 'POST',
      url: `/rest/collection/invitation/${invitation.id}/accept`,
      headers: bearer(member.token),
    });
    if (accepted.statusCode !== 200)
      throw new Error(`accept answered ${accepted.statusCode} ${accepted.body}`);
  }
  const webhook = await send({
    method: 'POST',
    url: `/rest/collection/project/${projectId}/webhook`,
    ...json({ url: 'https://hooks.example.com/portal', events: ['licence.added'] }),
    headers: { ...auth, 'content-type': 'application/json' },
  });
  if (webhook.statusCode !== 201) throw new Error(`webhook add answered ${webhook.statusCode} ${webhook.body}`);
  const webhookId = (JSON.parse(webhook.body) as { id: string }).id;
  const tested = await send({ method: 'POST', url: `/rest/collection/project/${projectId}/webhook/${webhookId}/test`, headers: auth });
  if (tested.statusCode !== 202) throw new Error(`webhook test answered ${tested.statusCode} ${tested.body}`);
  const deliveryId = (JSON.parse(tested.body) as { id: string }).id;
  return { projectId, licenceId, licenceKey, invitationId, webhookId, deliveryId };
}

// --- the fixtures on a running app ---

/** The app in this process (with buildTestApp's arguments), the fixtures, and requests by app.inject. */
export async function injectedWorld(
  ...args: Parameters<typeof buildTestApp>
): Promise<{ ctx: TestContext; send: Send; world: World }> {
  const ctx = await buildTestApp(...args);
  return { ctx, send: injector(ctx.app), world: await createWorld(ctx.db) };
}

export interface LivePortal {
  database: ServerDatabase;
  world: World;
  portal: Portal;
  /** The owner's projects made through the API once the server runs, one licence each. */
  projects: OwnedProject[];
}

/**
 * The built server on a database of its own with the fixtures, started before the tests of the
 * describe that calls this (`prepare` adds rows first) and ended after them; the fields are set
 * by the time the describe's own beforeAll and its tests run.
 */
export function livePortal(
  options: { projects?: number; prepare?: (db: Kysely<Database>) => Promise<unknown> } = {},
): LivePortal {
  const live = { projects: [] as OwnedProject[] } as LivePortal;
  beforeAll(async () => {
    live.database = await createServerDatabase();
    live.world = await createWorld(live.database.db);
    await options.prepare?.(live.database.db);
    live.portal = await startPortal(live.database.url);
    for (let i = 0; i < (options.projects ?? 0); i++)
      live.projects.push(await createOwnedProject(live.portal.send, live.world));
  });
  afterAll(async () => {
    await live.portal?.kill();
    await live.database?.destroy();
  });
  return live;
}

// --- the route table ---

/** The registered /rest/ routes with their declared access (docs and static files left out). */
export function restRoutes(app: FastifyInstance): RouteAccess[] {
  return app.routeAccess.filter((r) => r.url.startsWith('/rest/') && !r.url.startsWith('/rest/docs'));
}

/** Which fixture a path parameter names: by "collection/:param", else by the parameter alone. */
const PARAM_SOURCES: Record<string, (w: World, p: OwnedProject) => string> = {
  'person/:oid': (w) => w.owner.id,
  'person/:id': (w) => w.owner.id,
  'session/:id': (w) => w.ownerSpareSessionId,
  'token/:id': (w) => w.ownerAccessTokenId,
  'project/:oid': (_w, p) => p.projectId,
  ':projectId': (_w, p) => p.projectId,
  'project/:id': (_w, p) => p.projectId,
  ':personId': (w) => w.invitee.id,
  'invitation/:id': (_w, p) => p.invitationId,
  'service_licence/:id': (_w, p) => p.licenceId,
  ':licenceId': (_w, p) => p.licenceId,
  'service/:oid': (w) => w.serviceId,
  // The admin console's service routes (/admin/service/:id); the public ones name it :oid.
  'service/:id': (w) => w.adminServiceId,
  ':imageId': (w) => w.galleryImageId,
  ':versionId': (w) => w.apiVersionId,
  ':serviceId': (w) => w.freeServiceId,
  'media/:id': (w) => w.mediaId,
  'price_package/:id': (w) => w.pricePackageId,
  'rechtliches/:id': (w) => w.legalPageId,
  'contact_request/:id': (w) => w.contactRequestId,
  'translation/:id': (w) => w.translationKey,
  ':wid': (_w, p) => p.webhookId,
  ':did': (_w, p) => p.deliveryId,
};

/** Parameters of one method that must not name the owner: a destructive call on someone else. */
const METHOD_PARAM_SOURCES: Record<string, (w: World) => string> = {
  // An admin deleting a customer deletes the disposable one, never a caller of the matrix.
  'DELETE /rest/collection/admin/person/:id': (w) => w.disposableId,
};

/** A fresh disposable customer for the next admin deletion (see World.disposableId). */
export async function renewDisposableCustomer(db: Kysely<Database>, world: World): Promise<void> {
  world.disposableId = (await actor(db)).id;
}

/**
 * The route's URL with the owner's ids in its parameters; a parameter nobody knows fails loudly.
 * With the method, a destructive call may name someone else (METHOD_PARAM_SOURCES).
 */
export function fillParams(url: string, world: World, project: OwnedProject, method?: string): string {
  const special = method === undefined ? undefined : METHOD_PARAM_SOURCES[`${method} ${url}`];
  if (special) return url.replace(/:[A-Za-z]+$/, special(world));
  return url.replace(/([a-z_]+\/)?:([A-Za-z]+)/g, (_match, collection: string | undefined, name: string) => {
    const source = PARAM_SOURCES[`${collection ?? ''}:${name}`] ?? PARAM_SOURCES[`:${name}`];
    if (!source) throw new Error(`no fixture for the parameter :${name} in ${url}: add it to PARAM_SOURCES`);
    return `${collection ?? ''}${source(world, project)}`;
  });
}

/** The person's own avatar upload, from an address of its own (per-address limits do not pile up). */
export function avatarUpload(person: Actor, bytes: Buffer, filename = 'a.png', type = 'image/png'): Req {
  const body = multipart('avatar', filename, type, bytes);
  return {
    method: 'POST',
    url: `/rest/collection/person/${person.id}/avatar`,
    headers: { ...bearer(person.token), ...body.headers },
    payload: body.payload,
    remoteAddress: randomAddress(),
  };
}

export interface ValidRequest {
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** False for a route this table does not know yet: it is sent without a body. */
  known: boolean;
}

/** A request the owner may make successfully on the route (headers and body; the caller adds the token). */
export async function validRequest(
  method: string,
  url: string,
  world: World,
  project: OwnedProject,
): Promise<ValidRequest> {
  const bodies: Record<string, unknown> = {
    'POST /rest/collection/project': {
      projectOwner: world.owner.id,
      name: 'Neu',
      description: 'Neues Projekt',
    },
    'PATCH /rest/collection/project/:oid': { name: `${world.secret} umbenannt` },
    'PATCH /rest/collection/person/:oid': { firstname: 'Geändert' },
    'POST /rest/collection/person/:oid/token': {
      name: 'Skript',
      scope: 'read',
      expiresOn: dayAfter(new Date().toISOString().slice(0, 10), 30),
    },
    // Turning a second factor off needs the password again (docs/security.md#re-authentication).
    'DELETE /rest/collection/person/:oid/mfa/totp': { password: world.owner.password },
    // An admin deletes the disposable customer (see METHOD_PARAM_SOURCES) with their own password.
    'DELETE /rest/collection/admin/person/:id': { password: world.admin.password },
    'PATCH /rest/collection/person/:oid/password': {
      passwordActual: world.owner.password,
      password: world.owner.password,
    },
    'PATCH /rest/collection/service_licence/:id': { online: false },
    // Billing data (docs/billing.md): a whole profile and whole seller settings.
    'PUT /rest/collection/person/:oid/billing': {
      name: 'Muster GmbH',
      street: 'Hauptstraße 1',
      postcode: '50667',
      city: 'Köln',
      country: 'DE',
      vatId: 'DE123456789',
      invoiceEmail: 'rechnung@example.com',
      buyerReference: '991-33333TEST-33',
      wantsXml: true,
    },
    'PUT /rest/collection/admin/billing-settings': {
      company: 'Anbieter GmbH',
      street: 'Am Markt 2',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      vatId: 'DE987654321',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      paymentTermsDays: 14,
      invoiceNumberFormat: 'RE-{year}-{seq:6}',
      senderEmail: 'rechnungen@example.com',
    },
    'POST /rest/collection/project/:id/webhook': { url: 'https://hooks.example.com/other', events: ['licence.removed'] },
    'PATCH /rest/collection/project/:id/webhook/:wid': { description: 'geändert', enabled: true },
    'POST /rest/collection/project/:id/member': {
      email: `member-${randomBytes(6).toString('hex')}@example.com`,
      role: 'viewer',
    },
    'PATCH /rest/collection/project/:id/member/:personId': { role: 'editor' },
    'POST /rest/collection/contactform/send': {
      firstname: 'Erika',
      subname: 'Muster',
      email: 'erika@example.com',
      terms: true,
    },
    'POST /rest/usage/ingest': { items: [{ licenceKey: project.licenceKey, day: '2026-01-15', count: 7 }] },
    'POST /rest/usage/licence-check': { licenceKey: project.licenceKey },
    'POST /rest/signup': {
      firstname: 'Erika',
      lastname: 'Muster',
      email: `signup-${randomBytes(6).toString('hex')}@example.com`,
      password: 'a fresh passphrase',
      language: 'de',
      terms: true,
    },
    'POST /rest/auth/verify/resend': { email: world.owner.email },
    // Admin console: an invitation of someone new; a change that changes nothing; a reset mail.
    'POST /rest/collection/admin/person': { email: `invited-${randomBytes(6).toString('hex')}@example.com` },
    'PATCH /rest/collection/admin/person/:id': {},
    'POST /rest/collection/admin/person/:id/password-reset': {},
    'POST /rest/password/forgot': { email: world.owner.email },
    // Admin content: a new package and page, and changes the rules allow.
    'POST /rest/collection/admin/price_package': {
      name: { de: 'Neu', en: 'New' },
      description: { de: 'Neu', en: 'New' },
      grossMonthlyCents: 100,
      calls: 10,
    },
    'PATCH /rest/collection/admin/price_package/:id': { calls: 2000 },
    'POST /rest/collection/admin/rechtliches': {
      internalName: `neu-${randomBytes(4).toString('hex')}`,
      title: { de: 'Neu', en: 'New' },
      html: { de: '<p>Neu</p>', en: '<p>New</p>' },
    },
    'PATCH /rest/collection/admin/rechtliches/:id': { title: { de: 'Geändert', en: 'Changed' } },
    'PATCH /rest/collection/admin/translation/:id': { de: 'Geändert' },
    'PATCH /rest/collection/admin/contact_request/:id': { state: 'done', note: 'erledigt' },
    // Admin services: a new service, a renamed one, a renamed picture.
    'POST /rest/collection/admin/service': {
      id: `neu${randomBytes(4).toString('hex')}`,
      category: 'captcha',
      name: { de: 'Neu', en: 'New' },
      descriptionShort: { de: 'Kurz', en: 'Short' },
      description: { de: '<p>Neu</p>', en: '<p>New</p>' },
      accounting: 'request',
      pricePer1000CallsCents: 100,
      monthlyFeeCents: 0,
      singlePaymentCents: 0,
      demoHref: null,
      dataCopyright: null,
      dataLastUpdate: null,
      integrationCode: { type: 'javascript', template: 'init("{{licenceKey}}")', backendTemplate: null },
      settingsForm: [],
      logo: null,
      thumbnail: null,
    },
    'PATCH /rest/collection/admin/service/:id': { name: { de: 'Umbenannt', en: 'Renamed' } },
    'PATCH /rest/collection/admin/service/:id/gallery/:imageId': { name: { de: 'Bild 2', en: 'Picture 2' } },
    // API reference: a new version of the smallest valid document.
    'POST /rest/collection/admin/service/:id/api': {
      document: JSON.stringify({ openapi: '3.1.0', info: { title: 'API', version: '2' }, paths: {} }),
      version: `v${randomBytes(4).toString('hex')}`,
      notes: { de: '', en: '' },
    },
  };
  const key = `${method} ${url}`;
  if (key === 'POST /rest/collection/person/:oid/avatar')
    return { ...multipart('avatar', 'a.png', 'image/png', await png(16)), known: true };
  if (key === 'POST /rest/collection/admin/service/:id/gallery')
    return { ...multipart('file', 'g.png', 'image/png', await png(32)), known: true };
  if (key === 'POST /rest/auth')
    return { headers: { authorization: basicAuth(world.owner.email, world.owner.password) }, known: true };
  if (key in bodies) return { ...json(bodies[key]), known: true };
  // Well-formed, so that only the access check can refuse a stranger; the owner's success needs
  // an enrolment started first (test/mfa.test.ts proves it), so it is not judged here.
  if (key === 'POST /rest/collection/person/:oid/mfa/totp/confirm')
    return { ...json({ code: '000000' }), known: false };
  // The owner's own account deletion, well-formed: their projects are always shared with the
  // world's members, so it answers 409 sharedProjects and deletes nothing; its success is proven
  // in test/privacy-export-deletion.test.ts.
  if (key === 'DELETE /rest/collection/person/:oid')
    return { ...json({ password: world.owner.password }), known: false };
  // Calls without a body: reads, deletes, adding a service, signing out.
  const bodilessPosts = [
    'POST /rest/logout',
    'POST /rest/collection/project/:id/webhook/:wid/test',
    'POST /rest/collection/project/:id/webhook/:wid/secret',
    'POST /rest/collection/project/:id/webhook/:wid/delivery/:did/resend',
  ];
  return { headers: {}, known: method !== 'POST' && method !== 'PATCH' ? true : bodilessPosts.includes(key) };
}
