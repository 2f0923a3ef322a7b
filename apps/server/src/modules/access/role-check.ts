import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { roleChecked, type RoleDeclaration } from '../../plugins/access.js';
import { currentUser } from '../auth/authenticate.js';
import { requireLicenceRole } from '../licence/licence.service.js';
import { requireProjectRole } from '../project/project.service.js';

// The one place where the role a route declares (config.role, plugins/access.ts) is checked
// (docs/architecture.md#access-policies). Handlers read what the check found with projectOf
// (project module) or licenceOf (licence module) and check nothing themselves.

const paramOf = (request: FastifyRequest, name: string): string =>
  (request.params as Record<string, string>)[name] ?? '';

function check(app: FastifyInstance, request: FastifyRequest, role: RoleDeclaration): Promise<unknown> {
  const user = currentUser(request);
  const id = paramOf(request, role.param);
  if ('licence' in role) return requireLicenceRole(app.db, user, id, role.licence);
  const needed = role.selfParam !== undefined && paramOf(request, role.selfParam) === user.id ? 'viewer' : role.project;
  return requireProjectRole(app.db, user, id, needed);
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
    await roleChecked(request);
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const role = route.config?.role;
    if (!role) return;
    route.config = { ...route.config, roleCheck: (request) => check(app, request, role) };
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [preHandler, ...own];
  });
}
