import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ProjectRole } from '@portal/contract/project';

/**
 * Who may call a route. Every /rest/ route must declare one (a route without is refused at
 * registration, so a forgotten check cannot ship):
 * - public: anyone; - user: a signed-in person; - admin: a signed-in admin;
 * - ingest: the provider's services with USAGE_INGEST_TOKEN.
 */
export type AccessPolicy = 'public' | 'user' | 'admin' | 'ingest';

/**
 * The role a `user` route needs in the project its path names (docs/architecture.md#access-policies):
 * - `{ project: 'editor', param: 'oid' }`: the path parameter `oid` is the project's id;
 * - `{ licence: 'viewer', param: 'id' }`: `id` is a licence's id, the role counts in its project;
 * - `selfParam`: a caller whose own id is in that parameter needs only `viewer` (leaving a project).
 * Checked once for every such route (modules/access/role-check.ts): a stranger gets 404, a member
 * below the role 403.
 */
export type RoleDeclaration =
  | { project: ProjectRole; param: string; selfParam?: string }
  | { licence: ProjectRole; param: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
    role?: RoleDeclaration;
  }
}

export class MissingAccessPolicyError extends Error {}

/** Registered routes with their policy and role, for the tests that walk the route table. */
export interface RouteAccess {
  method: string;
  url: string;
  access: AccessPolicy | undefined;
  role: RoleDeclaration | undefined;
}

export function enforceAccessDeclarations(app: FastifyInstance, seen: RouteAccess[]): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const role = route.config?.role;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) seen.push({ method, url: route.url, access, role });
    if (route.url.startsWith('/rest/') && !access) {
      throw new MissingAccessPolicyError(`Route ${methods.join(',')} ${route.url} declares no access policy`);
    }
    if (role && (access !== 'user' || !route.url.includes(`:${role.param}`))) {
      throw new MissingAccessPolicyError(
        `Route ${methods.join(',')} ${route.url}: a role needs access 'user' and the path parameter :${role.param}`,
      );
    }
  });
}
