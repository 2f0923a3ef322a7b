import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import type { ProjectRole } from '@portal/contract/project';
import type { AccessPolicy, RoleDeclaration } from '../../src/plugins/access.js';
import type { TestContext } from '../helper.js';
import {
  INGEST_TOKEN,
  avatarUpload,
  bearer,
  createOwnedProject,
  dialect,
  fillParams,
  freshToken,
  injectedWorld,
  png,
  printFigures,
  randomAddress,
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
        const path = fillParams(url, world, project);
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
        const before = await ownerRows(ctx.db, world.owner.id);
        // The owner goes last: their call may change or delete what the others were refused.
        // The editor's allowed writes are left to test/project-members.test.ts: here the members
        // make only calls that must change nothing.
        for (const who of ['anonymous', 'other', 'admin', 'viewer', 'editor', 'owner'] as const) {
          if ((who === 'editor' || who === 'viewer') && !isRead(method) && memberMay(who, route?.role))
            continue;
          const token = tokens[who];
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
            who === 'editor' || who === 'viewer'
              ? judgeMember(access, route?.role, who, path !== url, res)
              : judge(access, who, path !== url, res, world, request.known, route?.adminsToo);
          if (problem) problems.push(`${who} ${method} ${url}: ${problem}`);
          if (who !== 'owner' && (await ownerRows(ctx.db, world.owner.id)) !== before) {
            problems.push(`${who} ${method} ${url}: changed the owner's data (status ${res.statusCode})`);
          }
        }
      }
    }
    printFigures('access-matrix', {
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
