import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basicAuth,
  bearer,
  buildTestApp,
  createPerson,
  login,
  multipart,
  png,
  snapshot,
  type TestContext,
  type TestPerson,
} from './helper.js';

interface PersonBody {
  id: string;
  oid: string;
  email: string;
  firstname: string;
  salutation: string | null;
  language: string;
  avatar: string | null;
  isAdmin: boolean;
  lastModified: string;
}

describe('profile, password and avatar', () => {
  let ctx: TestContext;
  let person: TestPerson;
  let token: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    person = await createPerson(ctx.db, { email: 'paul@example.com' });
    token = await login(ctx.app, person);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const patch = (payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/rest/collection/person/${person.id}`, headers: bearer(token), payload });

  it('shows the own profile without secrets', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${person.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json<PersonBody>();
    expect(body).toMatchObject({ id: person.id, oid: person.id, email: 'paul@example.com', isAdmin: false, avatar: null });
    expect(Object.keys(body)).not.toContain('passwordHash');
  });

  it('changes the sent fields only and moves lastModified', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${person.id}`, headers: bearer(token) })).json<PersonBody>();
    const res = await patch({ firstname: 'Paula', salutation: 'm', language: 'en', email: 'paul@example.com', id: person.id });
    expect(res.statusCode).toBe(200);
    const after = res.json<PersonBody>();
    expect(after).toMatchObject({ firstname: 'Paula', salutation: 'm', language: 'en', email: 'paul@example.com' });
    expect(after.lastModified > before.lastModified).toBe(true);
  });

  it.each([
    [{ email: 'other@example.com' }],
    [{ isAdmin: true }],
    [{ id: 'someoneElse' }],
    [{ language: 'fr' }],
    [{ salutation: 'x' }],
    [{ firstname: '' }],
    [{ firstname: 'x'.repeat(101) }],
  ])('rejects %o and changes nothing', async (payload) => {
    const before = await snapshot(ctx.db);
    const res = await patch(payload);
    expect(res.statusCode).toBe(400);
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('flags a wrong current password with pwWrong and keeps the old one', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/person/${person.id}/password`,
      headers: bearer(token),
      payload: { oid: person.id, passwordActual: 'wrong', password: 'brand new secret' },
    });
    expect(res.statusCode).toBe(400);
    const error = res.json<{ error: { code: string; fields: Record<string, string> } }>().error;
    expect(error.code).toBe('pwWrong');
    expect(error.fields).toHaveProperty('passwordActual');
    expect((await ctx.app.inject({ method: 'POST', url: '/rest/auth', headers: { authorization: basicAuth(person.email, person.password) } })).statusCode).toBe(200);
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const other = await login(ctx.app, person);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/person/${person.id}/password`,
      headers: bearer(token),
      payload: { oid: person.id, passwordActual: person.password, password: 'brand new secret' },
    });
    expect(res.statusCode).toBe(204);
    const me = `/rest/collection/person/${person.id}`;
    expect((await ctx.app.inject({ method: 'GET', url: me, headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: me, headers: bearer(other) })).statusCode).toBe(401);
    const oldLogin = await ctx.app.inject({ method: 'POST', url: '/rest/auth', headers: { authorization: basicAuth(person.email, person.password) } });
    expect(oldLogin.statusCode).toBe(401);
    person = { ...person, password: 'brand new secret' };
    expect((await ctx.app.inject({ method: 'POST', url: '/rest/auth', headers: { authorization: basicAuth(person.email, person.password) } })).statusCode).toBe(200);
  });

  it('re-encodes an uploaded JPEG to a square WebP without its EXIF data', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3355aa' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-GPS-OWNER' } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('SECRET-GPS-OWNER'))).toBe(true);
    const upload = multipart('avatar', 'me.jpg', 'image/jpeg', jpeg);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/rest/collection/person/${person.id}/avatar`,
      headers: { ...bearer(token), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(200);
    const avatar = res.json<PersonBody>().avatar;
    expect(avatar).toMatch(new RegExp(`^/rest/collection/person/${person.id}/avatar\\?v=1$`));
    const image = await ctx.app.inject({ method: 'GET', url: avatar!, headers: bearer(token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
    expect(image.rawPayload.includes(Buffer.from('SECRET-GPS-OWNER'))).toBe(false);
  });

  it('refuses a non-image with 415 whatever it claims to be, and keeps the old avatar', async () => {
    const before = await snapshot(ctx.db);
    const fake = Buffer.from('<?php system($_GET["c"]); ?>');
    const { headers, payload } = multipart('avatar', 'me.png', 'image/png', fake);
    const res = await ctx.app.inject({ method: 'POST', url: `/rest/collection/person/${person.id}/avatar`, headers: { ...bearer(token), ...headers }, payload });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('unsupportedMediaType');
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const { headers, payload } = multipart('avatar', 'big.png', 'image/png', big);
    const res = await ctx.app.inject({ method: 'POST', url: `/rest/collection/person/${person.id}/avatar`, headers: { ...bearer(token), ...headers }, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('payloadTooLarge');
  });

  it('refuses a body that is not multipart or names the wrong field', async () => {
    const wrongField = multipart('picture', 'a.png', 'image/png', await png(10, 10, '#000'));
    const res = await ctx.app.inject({ method: 'POST', url: `/rest/collection/person/${person.id}/avatar`, headers: { ...bearer(token), ...wrongField.headers }, payload: wrongField.payload });
    expect(res.statusCode).toBe(400);
    const json = await ctx.app.inject({ method: 'POST', url: `/rest/collection/person/${person.id}/avatar`, headers: bearer(token), payload: { avatar: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});
