import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { RoleDeclaration } from '../../plugins/access.js';
import { currentUser } from '../../plugins/authenticate.js';
import { requireLicenceRole, type LicenceWithRole } from '../licence/licence.service.js';
import { requireProjectRole, type ProjectWithRole } from '../project/project.service.js';

// The one place where the role a route declares (config.role, plugins/access.ts) is checked
// (docs/architecture.md#access-policies). Handlers read what the check found with projectOf or
// licenceOf and check nothing themselves.

type Checked = { project: ProjectWithRole } | { licence: LicenceWithRole };

declare module 'fastify' {
  interface FastifyRequest {
    /** The role check of this request, once started (see checkRole). */
    roleChecked: Promise<Checked> | null;
  }
}

const paramOf = (request: FastifyRequest, name: string): string =>
  (request.params as Record<string, string>)[name] ?? '';

function run(app: FastifyInstance, request: FastifyRequest, role: RoleDeclaration): Promise<Checked> {
  const user = currentUser(request);
  const id = paramOf(request, role.param);
  if ('licence' in role) {
    return requireLicenceRole(app.db, user, id, role.licence).then((licence) => ({ licence }));
  }
  const needed =
    role.selfParam !== undefined && paramOf(request, role.selfParam) === user.id ? 'viewer' : role.project;
  return requireProjectRole(app.db, user, id, needed).then((project) => ({ project }));
}

/** The check of the request's declared role, run at most once per request. */
function checkRole(app: FastifyInstance, request: FastifyRequest): Promise<Checked> {
  const role = request.routeOptions.config.role;
  if (!role) return Promise.reject(new Error(`${request.routeOptions.url} declares no role`));
  request.roleChecked ??= run(app, request, role);
  return request.roleChecked;
}

/**
 * Adds the role check to every route that declares a role, before its handler (after the
 * schema: a malformed id stays a 400). A signed-in answer kept for this caller and URL under
 * the same data (lib/personal-answers.ts) was built after this check passed, so it is sent
 * without asking the database again; should it lapse meanwhile, the handler's projectOf or
 * licenceOf runs the check.
 */
export function registerRoleChecks(app: FastifyInstance): void {
  app.decorateRequest('roleChecked', null);
  const preHandler: preHandlerAsyncHookHandler = async (request) => {
    if (app.personalAnswers.kept(request)) return;
    await checkRole(app, request);
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.role) return;
    const own =
      route.preHandler === undefined
        ? []
        : Array.isArray(route.preHandler)
          ? route.preHandler
          : [route.preHandler];
    route.preHandler = [preHandler, ...own];
  });
}

/** The project of a route declared with `role: { project }`, with the caller's role in it. */
export async function projectOf(app: FastifyInstance, request: FastifyRequest): Promise<ProjectWithRole> {
  const checked = await checkRole(app, request);
  if (!('project' in checked)) throw new Error(`${request.routeOptions.url} declares a licence role`);
  return checked.project;
}

/** The licence of a route declared with `role: { licence }`, with the caller's role in its project. */
export async function licenceOf(app: FastifyInstance, request: FastifyRequest): Promise<LicenceWithRole> {
  const checked = await checkRole(app, request);
  if (!('licence' in checked)) throw new Error(`${request.routeOptions.url} declares a project role`);
  return checked.licence;
}
