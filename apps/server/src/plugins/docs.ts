import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentedSchema } from './route-docs.js';

/** OpenAPI generated from the zod route schemas: UI at /rest/docs, JSON at /rest/docs/json. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Service portal REST API',
        version: '1.1.0',
        description:
          'Calls of Serviceportal. Sign in with POST /rest/auth (HTTP Basic, email as user name) and send the token as `Authorization: Bearer <token>`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          basic: { type: 'http', scheme: 'basic' },
          personalAccessToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal access token (`pat_…`, made in the profile) as `Authorization: Bearer pat_…`. Only calls with `x-token-scopes` accept one: a `read` token GET and HEAD calls, a `write` token the others too.',
          },
        },
      },
    },
    // Security and error answers come from each route's declaration (route-docs.ts).
    transform: (input) => jsonSchemaTransform({ ...input, schema: documentedSchema(input.route, input.schema) }),
  });
  // The documentation pages get a policy as strict as the app's (the plugin's own default allows
  // framing and outside images); swagger UI sets inline styles, like the app's libraries.
  await app.register(swaggerUi, {
    routePrefix: '/rest/docs',
    staticCSP:
      "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; " +
      "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
      "form-action 'self'; frame-ancestors 'none'",
  });
}
