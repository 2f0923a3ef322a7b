import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@portal/contract/error';
import { INVITATION_MAIL_LIMITS, MEMBER_LIMITS } from '@portal/contract/project-member';
import {
  bearer,
  buildTestApp,
  createProjectViaApi,
  createSignedInPerson,
  dialect,
  type SignedInPerson,
  type TestContext,
} from './helper.js';

// Project invitations are mail a customer makes the portal send, with text they choose (the
// project's name) to an address they choose. They are limited per inviter, per project and per
// recipient address within a day; an address already invited gets no mail again unless the
// owner sends it again, and that only a few times. Every count holds under parallel requests.
// Mails are counted in the outbox, where each one waits to be sent.

const PUBLIC_URL = 'https://portal.example.com';

describe(`invitation mail limits (${dialect})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_URL });
  });
  afterAll(async () => {
    await ctx.close();
  });

  let serial = 0;
  const outsider = () => `outsider-${++serial}@example.net`;
  const newOwner = () => createSignedInPerson(ctx, { firstname: 'Otto', lastname: 'Owner' });
  const newProject = (owner: SignedInPerson, name = 'Mail cannon') =>
    createProjectViaApi(ctx.app, owner.token, owner.id, { name });

  const invite = (owner: SignedInPerson, projectId: string, email: string, language = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: `/rest/collection/project/${projectId}/member`,
      headers: { ...bearer(owner.token), 'content-language': language },
      payload: { email, role: 'viewer' },
    });
  const resend = (who: SignedInPerson, projectId: string, personId: string, language = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: `/rest/collection/project/${projectId}/member/${personId}/resend`,
      headers: { ...bearer(who.token), 'content-language': language },
    });

  const mailsTo = (email: string) =>
    ctx.db
      .selectFrom('mailOutbox')
      .select(['kind', 'subject', 'textBody'])
      .where('toAddress', '=', email)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  const personIdOf = async (email: string) =>
    (await ctx.db.selectFrom('person').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const invitationsTo = async (email: string) =>
    ctx.db
      .selectFrom('projectInvitation')
      .innerJoin('person', 'person.id', 'projectInvitation.personId')
      .select(['projectInvitation.projectId', 'projectInvitation.role'])
      .where('person.email', '=', email)
      .execute();

  const statuses = (answers: Array<{ statusCode: number }>) =>
    answers.map((a) => a.statusCode).reduce<Record<number, number>>((counts, status) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {});

  const expectLimited = (res: { statusCode: number; headers: Record<string, unknown>; json: <T>() => T }) => {
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json<ErrorBody>().error).toMatchObject({
      code: 'invitationLimit',
      message: expect.stringContaining('invitation mails'),
    });
  };

  it('30 invitations of one outside address at once: one invitation, one mail, the rest 409 alreadyInvited', async () => {
    const owner = await newOwner();
    const projectId = await newProject(owner);
    const email = outsider();
    const answers = await Promise.all(Array.from({ length: 30 }, () => invite(owner, projectId, email)));
    expect(statuses(answers)).toEqual({ 201: 1, 409: 29 });
    for (const res of answers.filter((a) => a.statusCode === 409)) {
      expect(res.json<ErrorBody>().error).toMatchObject({
        code: 'alreadyInvited',
        message: 'This address is already invited. You can send the invitation again from the list.',
      });
    }
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await invitationsTo(email)).toHaveLength(1);
  });

  it('30 invitations of one existing account at once: one mail', async () => {
    const owner = await newOwner();
    const projectId = await newProject(owner);
    const guest = await createSignedInPerson(ctx);
    const answers = await Promise.all(Array.from({ length: 30 }, () => invite(owner, projectId, guest.email)));
    expect(statuses(answers)).toEqual({ 201: 1, 409: 29 });
    expect(await mailsTo(guest.email)).toHaveLength(1);
  });

  it('inviting an invited address again changes nothing and mails nothing (de and en)', async () => {
    const owner = await newOwner();
    const projectId = await newProject(owner);
    const email = outsider();
    expect((await invite(owner, projectId, email)).statusCode).toBe(201);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/rest/collection/project/${projectId}/member`,
      headers: { ...bearer(owner.token), 'content-language': 'de' },
      payload: { email, role: 'editor' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error).toMatchObject({
      code: 'alreadyInvited',
      message: 'Diese Adresse ist schon eingeladen. Du kannst die Einladung in der Liste erneut senden.',
    });
    expect(await invitationsTo(email)).toEqual([{ projectId, role: 'viewer' }]);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it(`the owner sends an invitation again at most ${INVITATION_MAIL_LIMITS.resendsPerInvitation} times a day, even all at once`, async () => {
    const owner = await newOwner();
    const projectId = await newProject(owner);
    const email = outsider();
    expect((await invite(owner, projectId, email)).statusCode).toBe(201);
    const personId = await personIdOf(email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => resend(owner, projectId, personId)));
    expect(statuses(answers)).toEqual({
      204: INVITATION_MAIL_LIMITS.resendsPerInvitation,
      429: 20 - INVITATION_MAIL_LIMITS.resendsPerInvitation,
    });
    expectLimited(answers.find((a) => a.statusCode === 429)!);
    expect(await mailsTo(email)).toHaveLength(1 + INVITATION_MAIL_LIMITS.resendsPerInvitation);
  });

  it('a resent invitation of an account without a password carries a new link, and the old one ends', async () => {
    const owner = await newOwner();
    const projectId = await newProject(owner, 'Resend shop');
    const email = outsider();
    await invite(owner, projectId, email);
    const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    const first = tokenOf((await mailsTo(email))[0]!.textBody);
    const personId = await personIdOf(email);
    // Sent long ago: sending it again starts its 90 days (the retention job's cut-off) anew.
    await ctx.db.updateTable('projectInvitation').set({ createdAt: '2020-01-01T00:00:00.000Z' }).where('personId', '=', personId).execute();
    expect((await resend(owner, projectId, personId)).statusCode).toBe(204);
    const sentAgain = await ctx.db.selectFrom('projectInvitation').select('createdAt').where('personId', '=', personId).executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(sentAgain.createdAt)).toBeLessThan(60_000);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    const second = tokenOf(mails[1]!.textBody);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const useLink = (token: string | undefined) =>
      ctx.app.inject({ method: 'POST', url: '/rest/password/reset', payload: { token, password: 'invited passphrase' } });
    expect((await useLink(first)).statusCode).toBe(400);
    expect((await useLink(second)).statusCode).toBe(200);
  });

  it('only the owner sends an invitation again, and only a pending one', async () => {
    const owner = await newOwner();
    const projectId = await newProject(owner);
    const email = outsider();
    await invite(owner, projectId, email);
    const personId = await personIdOf(email);
    const stranger = await createSignedInPerson(ctx);
    expect((await resend(stranger, projectId, personId)).statusCode).toBe(404);
    expect((await resend(owner, projectId, stranger.id)).statusCode).toBe(404);
    expect((await resend(owner, projectId, owner.id)).statusCode).toBe(404);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it(`an address gets at most ${INVITATION_MAIL_LIMITS.perRecipient} invitation mails a day from everyone together, even all at once`, async () => {
    const email = outsider();
    const owners = await Promise.all(Array.from({ length: 8 }, () => newOwner()));
    const projects = await Promise.all(owners.map((owner) => newProject(owner)));
    const answers = await Promise.all(owners.map((owner, i) => invite(owner, projects[i]!, email)));
    expect(statuses(answers)).toEqual({
      201: INVITATION_MAIL_LIMITS.perRecipient,
      429: 8 - INVITATION_MAIL_LIMITS.perRecipient,
    });
    expectLimited(answers.find((a) => a.statusCode === 429)!);
    expect(await mailsTo(email)).toHaveLength(INVITATION_MAIL_LIMITS.perRecipient);
    // A refused invitation leaves nothing behind.
    expect(await invitationsTo(email)).toHaveLength(INVITATION_MAIL_LIMITS.perRecipient);
  });

  it('an account that can sign in still gets further invitations on its project list, without more mails', async () => {
    const guest = await createSignedInPerson(ctx);
    const owners = await Promise.all(Array.from({ length: 8 }, () => newOwner()));
    const projects = await Promise.all(owners.map((owner) => newProject(owner)));
    const answers = await Promise.all(owners.map((owner, i) => invite(owner, projects[i]!, guest.email)));
    expect(statuses(answers)).toEqual({ 201: 8 });
    expect(await mailsTo(guest.email)).toHaveLength(INVITATION_MAIL_LIMITS.perRecipient);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/rest/collection/person/${guest.id}/invitation`,
      headers: bearer(guest.token),
    });
    expect(listed.json<unknown[]>()).toHaveLength(8);
    // Sending one again is about the mail: refused.
    expectLimited(await resend(owners[0]!, projects[0]!, guest.id));
  });

  it(`a person sends at most ${INVITATION_MAIL_LIMITS.perInviter} invitation mails a day`, async () => {
    const owner = await newOwner();
    let sent = 0;
    while (sent < INVITATION_MAIL_LIMITS.perInviter) {
      const projectId = await newProject(owner);
      const batch = Math.min(MEMBER_LIMITS.perProject, INVITATION_MAIL_LIMITS.perInviter - sent);
      const answers = await Promise.all(Array.from({ length: batch }, () => invite(owner, projectId, outsider())));
      expect(statuses(answers)).toEqual({ 201: batch });
      sent += batch;
    }
    const email = outsider();
    expectLimited(await invite(owner, await newProject(owner), email));
    expect(await mailsTo(email)).toHaveLength(0);
    const found = await ctx.db.selectFrom('person').select('id').where('email', '=', email).executeTakeFirst();
    expect(found).toBeUndefined();
  });

  it(`a project sends at most ${INVITATION_MAIL_LIMITS.perProject} invitation mails a day, resends included`, async () => {
    const owner = await newOwner();
    const projectId = await newProject(owner);
    const emails = Array.from({ length: MEMBER_LIMITS.perProject }, outsider);
    for (const email of emails) expect((await invite(owner, projectId, email)).statusCode).toBe(201);
    let mails: number = MEMBER_LIMITS.perProject;
    for (const email of emails) {
      const personId = await personIdOf(email);
      for (let i = 0; i < INVITATION_MAIL_LIMITS.resendsPerInvitation && mails < INVITATION_MAIL_LIMITS.perProject; i++) {
        expect((await resend(owner, projectId, personId)).statusCode).toBe(204);
        mails++;
      }
      if (mails === INVITATION_MAIL_LIMITS.perProject) {
        expectLimited(await resend(owner, projectId, await personIdOf(emails.at(-1)!)));
        break;
      }
    }
    const outbox = await ctx.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('toAddress', 'in', emails)
      .execute();
    expect(outbox).toHaveLength(INVITATION_MAIL_LIMITS.perProject);
  });
});
