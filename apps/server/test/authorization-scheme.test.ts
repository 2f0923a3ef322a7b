import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createPerson, dialect, type TestContext, type TestPerson } from './helper.js';

// The scheme of an Authorization header is case-insensitive (RFC 9110, section 11.1), and one or
// more spaces may separate it from the credentials: `bearer`, `BEARER` and `Bearer` are one
// scheme, on every path that reads one (a session, the ingest token, the sign-in's Basic).

const INGEST = 'ingest-token-for-scheme-tests-0123456789';
const spellings = ['Bearer', 'bearer', 'BEARER', 'bEaReR'];

describe(`the Authorization scheme in any case (${dialect})`, () => {
  let ctx: TestContext;
  let person: TestPerson;
  let token: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ USAGE_INGEST_TOKEN: INGEST });
    person = await createPerson(ctx.db);
    const credentials = Buffer.from(`${person.email}:${person.password}`).toString('base64');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      headers: { authorization: `Basic ${credentials}` },
    });
    token = res.json<{ token: string }>().token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const readSelf = (authorization: string) =>
    ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${person.id}`, headers: { authorization } });
  const checkLicence = (authorization: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/rest/usage/licence-check',
      headers: { authorization },
      payload: { licenceKey: 'lk_unknown' },
    });

  it.each(spellings)('signs a session in with "%s <token>"', async (scheme) => {
    expect((await readSelf(`${scheme} ${token}`)).statusCode).toBe(200);
    expect((await readSelf(`${scheme}  ${token}`)).statusCode).toBe(200);
  });

  it.each(spellings)('accepts the ingest token with "%s <token>"', async (scheme) => {
    expect((await checkLicence(`${scheme} ${INGEST}`)).statusCode).toBe(200);
  });

  it.each(['Basic', 'basic', 'BASIC'])('signs in with "%s <credentials>"', async (scheme) => {
    const credentials = Buffer.from(`${person.email}:${person.password}`).toString('base64');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      headers: { authorization: `${scheme} ${credentials}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('still refuses other schemes, a scheme run into its token and a missing token', async () => {
    for (const header of [`Token ${token}`, `Bearer${token}`, `Basic ${token}`, 'Bearer ', `Bearerx ${token}`]) {
      expect((await readSelf(header)).statusCode).toBe(401);
    }
    for (const header of [`Token ${INGEST}`, `Bearer${INGEST}`, `Basic ${INGEST}`, 'bearer ']) {
      expect((await checkLicence(header)).statusCode).toBe(401);
    }
  });
});
