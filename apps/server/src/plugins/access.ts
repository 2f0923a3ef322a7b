import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
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

/**
 * Whether a personal access token may make a `user` call (docs/security.md#personal-access-tokens).
 * Unset: no (sessions only), so a route nobody thought about is safe. The scope a token needs
 * follows from the method: GET and HEAD need `read`, every other method `write`.
 */
export type TokenDeclaration = 'allowed';

/** The scope a personal access token needs for a call with this method. */
export const tokenScopeOf = (method: string): 'read' | 'write' =>
  method === 'GET' || method === 'HEAD' ? 'read' : 'write';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
    role?: RoleDeclaration;
    token?: TokenDeclaration;
    /**
     * A `user` route on a person's own data (`:oid`) that admins may call for any person too
     * (the billing profile, docs/billing.md#billing-profile); others get 404. The route's service
     * checks it; the access matrix expects it.
     */
    adminsToo?: boolean;
    /** The check of `role`, set when the route is added (modules/access/role-check.ts). */
    roleCheck?: (request: FastifyRequest) => Promise<unknown>;
  }
  interface FastifyRequest {
    /** The role check of this request, once started (see roleChecked). */
    roleChecked: Promise<unknown> | null;
  }
}

/**
 * What the check of the route's declared role found (the project or licence with the caller's
 * role), run at most once per request. The project and licence modules type it (projectOf,
 * licenceOf).
 */
export function roleChecked<T>(request: FastifyRequest): Promise<T> {
  const check = request.routeOptions.config.roleCheck;
  if (!check) return Promise.reject(new Error(`${request.routeOptions.url} declares no role`));
  request.roleChecked ??= check(request);
  return request.roleChecked as Promise<T>;
}

export class MissingAccessPolicyError extends Error {}

/** Registered routes with their policy and role, for the tests that walk the route table. */
export interface RouteAccess {
  method: string;
  url: string;
  access: AccessPolicy | undefined;
  role: RoleDeclaration | undefined;
  token: TokenDeclaration | undefined;
  adminsToo: boolean;
}

export function enforceAccessDeclarations(app: FastifyInstance, seen: RouteAccess[]): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const role = route.config?.role;
    const token = route.config?.token;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const adminsToo = route.config?.adminsToo === true;
    for (const method of methods) seen.push({ method, url: route.url, access, role, token, adminsToo });
    if (route.url.startsWith('/rest/') && !access) {
      throw new MissingAccessPolicyError(`Route ${methods.join(',')} ${route.url} declares no access policy`);
    }
    if (role && (access !== 'user' || !route.url.includes(`:${role.param}`))) {
      throw new MissingAccessPolicyError(
        `Route ${methods.join(',')} ${route.url}: a role needs access 'user' and the path parameter :${role.param}`,
      );
    }
    // Tokens act for a customer only: never on admin, ingest or public routes.
    if (token && access !== 'user') {
      throw new MissingAccessPolicyError(`Route ${methods.join(',')} ${route.url}: tokens need access 'user'`);
    }
  });
}
