import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Who may call a route. Every /rest/ route must declare one (a route without is refused at
 * registration, so a forgotten check cannot ship):
 * - public: anyone; - user: a signed-in person (ownership is checked by the service);
 * - admin: a signed-in admin; - ingest: the provider's services with USAGE_INGEST_TOKEN.
 */
export type AccessPolicy = 'public' | 'user' | 'admin' | 'ingest';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
}

export class MissingAccessPolicyError extends Error {}

/** Registered routes with their policy, for the test that walks the route table. */
export interface RouteAccess {
  method: string;
  url: string;
  access: AccessPolicy | undefined;
}

export function enforceAccessDeclarations(app: FastifyInstance, seen: RouteAccess[]): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) seen.push({ method, url: route.url, access });
    if (route.url.startsWith('/rest/') && !access) {
      throw new MissingAccessPolicyError(`Route ${methods.join(',')} ${route.url} declares no access policy`);
    }
  });
}
