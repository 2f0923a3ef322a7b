import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../src/modules/auth/session.service.js';
import { bearer, buildTestApp, createPerson, login, type TestContext, type TestPerson } from './helper.js';

// The session lookup runs on every signed-in call: it reads the person without the avatar
// picture (up to several hundred kilobytes), which only the avatar route needs and reads itself.

describe('the session lookup', () => {
  let ctx: TestContext;
  let person: TestPerson;
  let token: string;
  // Not a real WebP: the avatar route sends the stored bytes as they are.
  const picture = Buffer.alloc(300 * 1024, 7);

  beforeAll(async () => {
    ctx = await buildTestApp();
    person = await createPerson(ctx.db, { firstname: 'Ada', lastname: 'Lovelace' });
    await ctx.db
      .updateTable('person')
      .set({ avatarWebp: picture, avatarVersion: 3 })
      .where('id', '=', person.id)
      .execute();
    token = await login(ctx.app, person);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('gives every column of the person but the avatar picture and the password hash', async () => {
    const session = await resolveSession(ctx.db, token, new Date());
    expect(session).toBeDefined();
    expect(session?.person).not.toHaveProperty('avatarWebp');
    expect(session?.person).not.toHaveProperty('passwordHash');
    const { avatarWebp, passwordHash, ...row } = await ctx.db
      .selectFrom('person')
      .selectAll()
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(avatarWebp?.length).toBe(picture.length);
    expect(passwordHash).toMatch(/^\$argon2id\$/);
    expect(session?.person).toEqual(row);
  });

  it('still serves the signed-in person and the picture', async () => {
    const me = await ctx.app.inject({
      method: 'GET',
      url: `/rest/collection/person/${person.id}`,
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ firstname: string; avatar: string | null }>()).toMatchObject({ firstname: 'Ada' });
    const avatar = await ctx.app.inject({
      method: 'GET',
      url: `/rest/collection/person/${person.id}/avatar`,
      headers: bearer(token),
    });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.rawPayload.equals(picture)).toBe(true);
  });

  it('knows nobody for an unknown token', async () => {
    expect(await resolveSession(ctx.db, 'x'.repeat(43), new Date())).toBeUndefined();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/rest/collection/person/${person.id}`,
      headers: bearer('y'.repeat(43)),
    });
    expect(res.statusCode).toBe(401);
  });
});
