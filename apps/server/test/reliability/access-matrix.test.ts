import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import type { ProjectRole } from '@portal/contract/project';
import type { AccessPolicy, RoleDeclaration, TokenDeclaration } from '../../src/plugins/access.js';
import type { TestContext } from '../helper.js';
import {
  INGEST_TOKEN,
  avatarUpload,
  bearer,
  createOwnedProject,
  dialect,
  fillParams,
  freshAccessToken,
  freshToken,
  injectedWorld,
  png,
  printFigures,
  randomAddress,
  renewDisposableCustomer,
  renewOwnerAccessToken,
  renewOwnerSpareSession,
  restRoutes,
  validRequest,
} from './support.js';
import type { OwnedProject, Res, Send, World } from './support.js';

// The access matrix, generated from the registered route table (a new route is in it without
// editing this file): every /rest/ URL × every method × {anonymous, owner, other customer,
// admin}, each call made with the owner's ids in the path and a body the owner may send.
// Promise: nobody but the owner reads or changes the owner's data (404 on their ids, nothing
// of theirs in any answer, their rows unchanged), no one but an admin gets 2xx from an admin
// route, no one without the ingest token gets into the ingest routes, and the owner really can
// use each of their routes with that call (so the refusals above are not just bad requests).
// Members of the owner's project are judged by the role each route declares (config.role).
// Personal access tokens call every cell too (docs/security.md#personal-access-tokens): the
// owner's read token, the owner's write token and an admin's write token. A token gets through
// only where the route declares `token` (else 403 accessTokenNotAllowed, on every admin route
// too, the admin's own token included), a read token only on reads (else 403
// accessTokenReadOnly), and a refused token changes nothing.

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Who = 'anonymous' | 'owner' | 'editor' | 'viewer' | 'other' | 'admin';
type Member = 'editor' | 'viewer';

const rank: Record<ProjectRole, number> = { viewer: 0, editor: 1, owner: 2 };
/** The role a route declares it needs in the owner's project (config.role), if any. */
const neededRole = (role: RoleDeclaration | undefined): ProjectRole | undefined =>
  role === undefined ? undefined : 'licence' in role ? role.licence : role.project;
/** Whether a member may make this call by the route's declared role (the path's personId is not theirs). */
const memberMay = (who: Member, role: RoleDeclaration | undefined): boolean => {
  const needed = neededRole(role);
  return needed !== undefined && rank[who] >= rank[needed];
};
const isRead = (method: string): boolean => method === 'GET' || method === 'HEAD';

/**
 * What must hold for a member (editor or viewer) of the owner's project; the problem in words,
 * or undefined. On a route that declares a role in the project, a member with that role gets
 * through (no 403 or 404) and one below it gets 403. Everything else of the owner (their
 * person, their invitations, admin routes) stays as closed as for a stranger.
 */
function judgeMember(
  access: AccessPolicy | undefined,
  role: RoleDeclaration | undefined,
  who: Member,
  hasOwnerIds: boolean,
  res: Res,
): string | undefined {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (access === undefined || access === 'public' || access === 'ingest') return undefined;
  if (access === 'admin') return status === 403 ? undefined : `non-admin got ${status} from an admin route`;
  if (!hasOwnerIds) return undefined;
  if (!role) return status === 404 ? undefined : `answered ${status} to a member on the owner's own ids`;
  if (memberMay(who, role))
    return status === 403 || status === 404 ? `the ${who}'s allowed call answered ${status}` : undefined;
  return status === 403 ? undefined : `the ${who} below ${neededRole(role)} answered ${status}`;
}
const is2xx = (status: number): boolean => status >= 200 && status < 300;

type TokenCaller = 'readToken' | 'writeToken' | 'adminToken';
const errorCodeOf = (res: Res): string | undefined => {
  try {
    return (JSON.parse(res.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};
/** A refusal for this reason: 403, and (with a body; HEAD has none) that error code. */
const refusedAs = (res: Res, method: string, code: string): boolean =>
  res.statusCode === 403 && (method === 'HEAD' || errorCodeOf(res) === code);

/** What must hold for a personal access token's call; the problem in words, or undefined. */
function judgeToken(
  access: AccessPolicy | undefined,
  token: TokenDeclaration | undefined,
  who: TokenCaller,
  method: string,
  hasOwnerIds: boolean,
  res: Res,
  world: World,
  knownBody: boolean,
): string | undefined {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (who === 'adminToken' && res.body.includes(world.secret)) return `showed the owner's project (status ${status})`;
  if (access === undefined)
    return status === 404 || status === 405 ? undefined : `unregistered method answered ${status}`;
  if (access === 'public') return undefined;
  if (access === 'ingest') return status === 401 ? undefined : `ingest route answered ${status} to a token`;
  if (access === 'admin' || token !== 'allowed')
    return refusedAs(res, method, 'accessTokenNotAllowed') ? undefined : `a token got ${status} from a route it may not call`;
  if (who === 'adminToken') return hasOwnerIds && status !== 404 ? `answered ${status} on the owner's ids` : undefined;
  if (who === 'readToken' && !isRead(method))
    return refusedAs(res, method, 'accessTokenReadOnly') ? undefined : `a read token got ${status} on a write`;
  if (who === 'readToken') return is2xx(status) || !knownBody ? undefined : `the owner's read token got ${status}`;
  // The write token calls after the owner (who may have deleted what it names): it must get past
  // authentication, whatever the route then answers.
  const code = errorCodeOf(res);
  return status === 401 || (status === 403 && code?.startsWith('accessToken'))
    ? `the owner's write token was refused (${status} ${code})`
    : undefined;
}

/** Everything of the owner a stranger could read or change. */
async function ownerRows(db: Kysely<Database>, ownerId: string): Promise<string> {
  // Without the last sign-in: a sign-in with the owner's own password (POST /rest/auth, sent by
  // anyone who has it) is the owner signing in and records its time.
  const person = (await db.selectFrom('person').selectAll().where('id', '=', ownerId).execute()).map(
    ({ lastSignInAt: _signIn, ...rest }) => rest,
  );
  const projects = await db
    .selectFrom('project')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .orderBy('id')
    .execute();
  const licences = await db
    .selectFrom('serviceLicence')
    .selectAll()
    .where('projectId', 'in', ['', ...projects.map((p) => p.id)])
    .orderBy('id')
    .execute();
  const usage = await db
    .selectFrom('usageDaily')
    .selectAll()
    .where('licenceId', 'in', ['', ...licences.map((l) => l.id)])
    .orderBy('licenceId')
    .orderBy('day')
    .execute();
  return JSON.stringify({ person, projects, licences, usage }, (_k, v: unknown) =>
    Buffer.isBuffer(v) ? v.toString('base64') : v,
  );
}

/** What must hold for one call; the problem in words, or undefined. */
function judge(
  access: AccessPolicy | undefined,
  who: Who,
  hasOwnerIds: boolean,
  res: Res,
  world: World,
  knownBody: boolean,
  adminsToo = false,
): string | undefined {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}`;
  const leaks =
    who !== 'owner' && !(who === 'admin' && access === 'admin') && res.body.includes(world.secret);
  if (leaks) return `showed the owner's project (status ${status})`;
  if (access === undefined)
    return status === 404 || status === 405 ? undefined : `unregistered method answered ${status}`;
  if (access === 'ingest')
    return status === 401 ? undefined : `ingest route answered ${status} without the ingest token`;
  if (access === 'public') return undefined;
  if (who === 'anonymous') return status === 401 ? undefined : `answered ${status} without a token`;
  if (access === 'admin') {
    if (who === 'admin') return is2xx(status) ? undefined : `admin got ${status}`;
    return status === 403 ? undefined : `non-admin got ${status} from an admin route`;
  }
  if (who === 'owner' || (who === 'admin' && adminsToo))
    return is2xx(status) || !knownBody ? undefined : `the ${who} got ${status}`;
  if (hasOwnerIds && status !== 404) return `answered ${status} to someone else on the owner's ids`;
  return undefined;
}

describe(`access matrix (${dialect})`, () => {
  let ctx: TestContext;
  let send: Send;
  let world: World;

  beforeAll(async () => {
    ({ ctx, send, world } = await injectedWorld({ USAGE_INGEST_TOKEN: INGEST_TOKEN }));
    const uploaded = await send(avatarUpload(world.owner, await png(16)));
    expect(uploaded.statusCode).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lets nobody but the owner at their data and nobody but admins at admin routes', async () => {
    const routes = restRoutes(ctx.app);
    // Routes that differ only in parameter names share one path in the router.
    const pathOf = (url: string): string => url.replace(/:[A-Za-z]+/g, ':');
    const paths = [...new Set(routes.map((r) => pathOf(r.url)))];
    expect(paths.length).toBeGreaterThan(15);
    const problems: string[] = [];
    const unknownBodies = new Set<string>();
    let calls = 0;
    let project: OwnedProject | undefined;
    for (const routePath of paths) {
      for (const method of METHODS) {
        const route = routes.find((r) => pathOf(r.url) === routePath && r.method === method);
        const url = route?.url ?? routes.find((r) => pathOf(r.url) === routePath)!.url;
        const access = route?.access;
        // A fresh project after every call that may have changed one, and fresh sessions per
        // cell: a delete, a logout or a password change (which ends the other sessions) in one
        // cell never weakens the next.
        if (!project) {
          world.owner.token = await freshToken(ctx.db, world.owner.id);
          project = await createOwnedProject(send, world);
        }
        if (url.includes('/session/:')) await renewOwnerSpareSession(ctx.db, world);
        if (method === 'DELETE' && url === '/rest/collection/admin/person/:id')
          await renewDisposableCustomer(ctx.db, world);
        if (url.includes('/token/:')) await renewOwnerAccessToken(ctx.db, world);
        const path = fillParams(url, world, project, method);
        const request = route
          ? await validRequest(method, url, world, project)
          : { headers: {}, known: true };
        if (!request.known) unknownBodies.add(`${method} ${url}`);
        const tokens: Record<Who, string | undefined> = {
          anonymous: undefined,
          owner: await freshToken(ctx.db, world.owner.id),
          editor: await freshToken(ctx.db, world.editor.id),
          viewer: await freshToken(ctx.db, world.viewer.id),
          other: await freshToken(ctx.db, world.other.id),
          admin: await freshToken(ctx.db, world.admin.id),
        };
        const personalTokens = {
          readToken: await freshAccessToken(ctx.db, world.owner.id, 'read'),
          writeToken: await freshAccessToken(ctx.db, world.owner.id, 'write'),
          adminToken: await freshAccessToken(ctx.db, world.admin.id, 'write'),
        };
        // The owner's write token changes the owner's data where it may: after the owner's own
        // call there; before it (and judged like every refused caller) where it may not.
        const writeTokenLast = route?.token === 'allowed' && !isRead(method);
        const before = await ownerRows(ctx.db, world.owner.id);
        // The owner goes last: their call may change or delete what the others were refused.
        // The editor's allowed writes are left to test/project-members.test.ts: here the members
        // make only calls that must change nothing.
        const callers = [
          'anonymous',
          'other',
          'admin',
          'viewer',
          'editor',
          'readToken',
          'adminToken',
          ...(writeTokenLast ? (['owner', 'writeToken'] as const) : (['writeToken', 'owner'] as const)),
        ] as const;
        for (const who of callers) {
          if ((who === 'editor' || who === 'viewer') && !isRead(method) && memberMay(who, route?.role))
            continue;
          const token = who in personalTokens ? personalTokens[who as TokenCaller].token : tokens[who as Who];
          const res = await send({
            method,
            url: path,
            headers: { ...request.headers, ...(token ? bearer(token) : {}) },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
            remoteAddress: randomAddress(),
          });
          calls++;
          if (who === 'owner' && method !== 'GET' && method !== 'HEAD') project = undefined;
          const problem =
            who === 'readToken' || who === 'writeToken' || who === 'adminToken'
              ? judgeToken(access, route?.token, who, method, path !== url, res, world, request.known)
              : who === 'editor' || who === 'viewer'
                ? judgeMember(access, route?.role, who, path !== url, res)
                : judge(access, who, path !== url, res, world, request.known, route?.adminsToo);
          if (problem) problems.push(`${who} ${method} ${url}: ${problem}`);
          const actsForOwner = who === 'owner' || (who === 'writeToken' && writeTokenLast);
          if (!actsForOwner && (await ownerRows(ctx.db, world.owner.id)) !== before) {
            problems.push(`${who} ${method} ${url}: changed the owner's data (status ${res.statusCode})`);
          }
        }
        // The cell's tokens go, so the owner never reaches the limit of tokens per person.
        await ctx.db
          .deleteFrom('accessToken')
          .where('id', 'in', Object.values(personalTokens).map((t) => t.id))
          .execute();
      }
    }
    printFigures('access-matrix', {
      tokenCallers: 3,
      paths: paths.length,
      routes: routes.length,
      calls,
      problems: problems.length,
      routesWithoutKnownBody: unknownBodies.size,
    });
    if (unknownBodies.size > 0)
      console.warn(`no valid body known (owner success not checked): ${[...unknownBodies].join(', ')}`);
    expect(problems).toEqual([]);
    // About 2,000 calls, each with fresh sessions: minutes on a busy two-core machine.
  }, 600_000);
});
