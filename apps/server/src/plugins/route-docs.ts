import type { FastifySchema, RouteOptions } from 'fastify';
import { errorBodySchema } from '@portal/contract/error';
import { tokenScopeOf } from './access.js';

// What the OpenAPI document says of a route's access and failures is derived from its
// declaration (config.access, config.role, config.rateLimit and its schemas), not written per
// route: a new route is documented by declaring it.

const bearer = [{ bearer: [] }];

/** The scope a personal access token needs for the route; undefined when no token may call it. */
function tokenScope(route: RouteOptions): 'read' | 'write' | undefined {
  if (route.config?.token !== 'allowed') return undefined;
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  return tokenScopeOf(method ?? 'GET');
}

/** The failures a route's declaration makes possible, with what they mean. */
function errorAnswers(route: RouteOptions, schema: FastifySchema): Record<number, string> {
  const config = route.config ?? {};
  const { access, role } = config;
  const answers: Record<number, string> = {};
  if (schema.body || schema.querystring || schema.params)
    answers[400] = 'validation: the request does not fit its schema (per field in `fields`)';
  if (access && access !== 'public') answers[401] = 'unauthorized: no valid token';
  const neededRole = role && ('licence' in role ? role.licence : role.project);
  const scope = tokenScope(route);
  if (access === 'admin') answers[403] = 'forbidden: the caller is not an admin (or is a personal access token)';
  else if (access === 'user') {
    const reasons = [
      ...(neededRole && neededRole !== 'viewer' ? [`forbidden: the caller's role in the project is below ${neededRole}`] : []),
      ...(scope === 'write' ? ['accessTokenReadOnly: a read token cannot make this call'] : []),
      ...(scope ? [] : ['accessTokenNotAllowed: a personal access token cannot make this call (sessions only)']),
    ];
    if (reasons.length > 0) answers[403] = reasons.join('; ');
  }
  if (role)
    answers[404] = 'notFound: no such project or licence, or the caller is not a member of its project';
  else if (schema.params) answers[404] = 'notFound: nothing with this id';
  if ((config as { rateLimit?: unknown }).rateLimit || scope)
    answers[429] = 'rateLimited: too many calls, try again after `retry-after` seconds';
  return answers;
}

/**
 * The route's schema as documented: `security` from its access policy, and an error answer
 * (`{ error: { code, message, … } }`) for each failure its declaration allows, where the route
 * does not document that status itself.
 */
export function documentedSchema(route: RouteOptions, schema: FastifySchema): FastifySchema {
  const access = route.config?.access;
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const [status, description] of Object.entries(errorAnswers(route, schema))) {
    response[status] ??= errorBodySchema.describe(description);
  }
  const scope = tokenScope(route);
  // A route a personal access token may call says so twice: the `personalAccessToken` scheme
  // among its security options, and `x-token-scopes`, the scopes that may call it.
  const security =
    schema.security ??
    (access && access !== 'public' ? (scope ? [...bearer, { personalAccessToken: [] }] : bearer) : undefined);
  const scopes = scope ? { 'x-token-scopes': scope === 'read' ? ['read', 'write'] : ['write'] } : {};
  return { ...schema, response, ...(security ? { security } : {}), ...scopes };
}
