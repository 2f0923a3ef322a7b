import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idSchema } from '@portal/contract/common';
import { z } from 'zod';
import { newId } from '../src/lib/ids.js';
import { insertMember } from '../src/modules/project/member.repository.js';
import {
  bearer,
  buildTestApp,
  createProjectViaApi,
  createSignedInPerson,
  dialect,
  type SignedInPerson,
  type TestContext,
} from './helper.js';

// A route that only declares its role (docs/architecture.md#access-policies) and checks nothing
// in its handler is guarded all the same, and documented with its security and error answers.

const PROBE = '/rest/collection/project/:oid/probe';

describe(`a route's declared role (${dialect})`, () => {
  let ctx: TestContext;
  let owner: SignedInPerson;
  let editor: SignedInPerson;
  let viewer: SignedInPerson;
  let stranger: SignedInPerson;
  let projectId: string;

  beforeAll(async () => {
    ctx = await buildTestApp(
      {},
      {
        addRoutes: (app) =>
          app.get(
            PROBE,
            {
              config: { access: 'user', role: { project: 'editor', param: 'oid' } },
              schema: {
                tags: ['project'],
                params: z.object({ oid: idSchema }),
                response: { 200: z.object({ ok: z.boolean() }) },
              },
            },
            async () => ({ ok: true }),
          ),
      },
    );
    owner = await createSignedInPerson(ctx);
    editor = await createSignedInPerson(ctx);
    viewer = await createSignedInPerson(ctx);
    stranger = await createSignedInPerson(ctx);
    projectId = await createProjectViaApi(ctx.app, owner.token, owner.id);
    const createdAt = new Date().toISOString();
    await insertMember(ctx.db, { projectId, personId: editor.id, role: 'editor', createdAt });
    await insertMember(ctx.db, { projectId, personId: viewer.id, role: 'viewer', createdAt });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const probe = (who: SignedInPerson | undefined, id = projectId) =>
    ctx.app.inject({
      method: 'GET',
      url: `/rest/collection/project/${id}/probe`,
      headers: who ? bearer(who.token) : {},
    });

  it('lets the role and above in, a lower member gets 403, anyone else 404 or 401', async () => {
    expect((await probe(owner)).statusCode).toBe(200);
    expect((await probe(editor)).json()).toEqual({ ok: true });
    const refused = await probe(viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('forbidden');
    expect((await probe(stranger)).statusCode).toBe(404);
    expect((await probe(owner, newId())).statusCode).toBe(404);
    expect((await probe(undefined)).statusCode).toBe(401);
  });

  it('is in the route table with its role and in the OpenAPI document with security and error answers', async () => {
    expect(ctx.app.routeAccess).toContainEqual({
      method: 'GET',
      url: PROBE,
      access: 'user',
      role: { project: 'editor', param: 'oid' },
      token: undefined,
      adminsToo: false,
    });
    const openapi = (await ctx.app.inject({ method: 'GET', url: '/rest/docs/json' })).json<{
      paths: Record<string, { get?: { security?: unknown; responses: Record<string, unknown> } }>;
    }>();
    const operation = openapi.paths['/rest/collection/project/{oid}/probe']?.get;
    expect(operation?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404']);
  });

  it('refuses to start with a role on a route whose path lacks the parameter', async () => {
    await expect(
      buildTestApp(
        {},
        {
          addRoutes: (app) =>
            app.get(
              '/rest/collection/project/:id/wrong',
              { config: { access: 'user', role: { project: 'viewer', param: 'oid' } } },
              async () => ({}),
            ),
        },
      ),
    ).rejects.toThrow(/path parameter :oid/);
  });
});
