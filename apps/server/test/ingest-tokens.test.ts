import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper.js';

// Several ingest tokens (comma-separated), so the provider's services can move to a new one
// before the old one is removed: rotation without downtime.
const OLD = 'old-ingest-token-0123456789abcdef0123';
const NEW = 'new-ingest-token-0123456789abcdef0123';

describe('usage calls with several ingest tokens', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ USAGE_INGEST_TOKEN: `${OLD}, ${NEW}` });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const check = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/rest/usage/licence-check',
      headers: { authorization: `Bearer ${token}` },
      payload: { licenceKey: 'lk_unknown' },
    });

  it('accepts each configured token and refuses any other', async () => {
    expect((await check(OLD)).statusCode).toBe(200);
    expect((await check(NEW)).statusCode).toBe(200);
    expect((await check(`${OLD},${NEW}`)).statusCode).toBe(401);
    expect((await check('another-token-0123456789abcdef012345')).statusCode).toBe(401);
  });

  it('documents both calls with an example in the OpenAPI document', async () => {
    const openapi = (await ctx.app.inject({ method: 'GET', url: '/rest/docs/json' })).json<{
      paths: Record<string, { post?: { description?: string } }>;
    }>();
    for (const path of ['/rest/usage/ingest', '/rest/usage/licence-check']) {
      const description = openapi.paths[path]?.post?.description ?? '';
      expect(description).toContain(`curl -X POST https://portal.example.com${path}`);
      expect(description).toContain('USAGE_INGEST_TOKEN');
    }
  });
});
