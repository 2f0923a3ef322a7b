import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/connect.js';
import type { AccountTokenPurpose, Database } from '../src/db/database.js';
import { newId } from '../src/lib/ids.js';
import {
  KNOWN_DEVICE_DAYS,
  monthsBefore,
  PROJECT_INVITATION_DAYS,
  runRetention,
  runRetentionOncePerDay,
  type RetentionPeriods,
} from '../src/modules/retention/retention.service.js';
import { runCli } from '../src/cli/run.js';
import { countRows, createTestDatabase, type TestDatabase } from './helper.js';

// The retention job (docs/privacy.md#retention): what it deletes, and as important, what it keeps.

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-06-15T03:00:00.000Z');
const clock = { now: () => NOW };
const periods: RetentionPeriods = { unverifiedDays: 30, contactMonths: 24, mailMonths: 12 };
const ago = (ms: number): string => new Date(NOW.getTime() - ms).toISOString();
const ahead = (ms: number): string => new Date(NOW.getTime() + ms).toISOString();

describe('retention job', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    for (const table of ['session', 'accountToken', 'projectInvitation', 'projectMember', 'contactRequest', 'retentionRun'] as const) {
      await db.deleteFrom(table).execute();
    }
    await db.deleteFrom('project').execute();
    await db.deleteFrom('person').execute();
  });

  async function person(
    fields: { verified: 0 | 1; updatedAt: string; invited?: boolean; isAdmin?: 0 | 1 },
  ): Promise<string> {
    const id = newId();
    await db
      .insertInto('person')
      .values({
        id,
        email: `p-${id.toLowerCase()}@example.com`,
        // A sign-up carries its password hash; an invited account has none yet ('').
        passwordHash: fields.invited ? '' : '$argon2id$v=19$m=1,t=1,p=1$x$y',
        firstname: 'Erika',
        lastname: 'Muster',
        salutation: null,
        language: 'de',
        place: '',
        company: '',
        isAdmin: fields.isAdmin ?? 0,
        verified: fields.verified,
        createdAt: fields.updatedAt,
        updatedAt: fields.updatedAt,
      })
      .execute();
    return id;
  }

  async function token(personId: string, purpose: AccountTokenPurpose, expiresAt: string): Promise<string> {
    const id = newId();
    await db
      .insertInto('accountToken')
      .values({
        id,
        tokenHash: `hash-${id}`,
        personId,
        purpose,
        createdAt: ago(DAY),
        expiresAt,
        signupPasswordHash: null,
        signupProfile: null,
      })
      .execute();
    return id;
  }

  async function session(personId: string, lastSeenAt: string, absoluteExpiresAt: string): Promise<string> {
    const id = newId();
    await db
      .insertInto('session')
      .values({ id, tokenHash: `hash-${id}`, personId, createdAt: ago(DAY), lastSeenAt, absoluteExpiresAt })
      .execute();
    return id;
  }

  async function contactRequest(createdAt: string): Promise<string> {
    const id = newId();
    await db
      .insertInto('contactRequest')
      .values({
        id,
        firstname: 'Max',
        subname: 'Muster',
        email: 'max@example.com',
        message: 'Hallo',
        termsAccepted: 1,
        language: 'de',
        createdAt,
      })
      .execute();
    return id;
  }

  async function project(ownerId: string): Promise<string> {
    const id = newId();
    await db
      .insertInto('project')
      .values({
        id,
        ownerId,
        name: 'P',
        description: '',
        domainsProduction: '[]',
        domainsSandbox: '[]',
        createdAt: ago(90 * DAY),
        updatedAt: ago(90 * DAY),
        deletedAt: null,
      })
      .execute();
    return id;
  }

  const exists = async (table: 'person' | 'session' | 'accountToken' | 'contactRequest', id: string) =>
    (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it('deletes unconfirmed sign-ups after the period, and keeps verified, invited, recent and busy accounts', async () => {
    const oldSignup = await person({ verified: 0, updatedAt: ago(31 * DAY) });
    const oldSignupLink = await token(oldSignup, 'verify', ago(30 * DAY));
    const recentSignup = await person({ verified: 0, updatedAt: ago(29 * DAY) });
    // Signed up long ago and again yesterday: its live confirmation link keeps it.
    const signupWithLiveLink = await person({ verified: 0, updatedAt: ago(40 * DAY) });
    await token(signupWithLiveLink, 'verify', ahead(DAY / 2));
    // A verified account untouched for a year, with its project, session and a member.
    const verified = await person({ verified: 1, updatedAt: ago(365 * DAY) });
    const verifiedProject = await project(verified);
    const verifiedSession = await session(verified, ago(DAY), ahead(10 * DAY));
    // Invited by an admin long ago and never used: the admin's to remove, not the job's.
    const invited = await person({ verified: 0, updatedAt: ago(100 * DAY), invited: true });
    // An unconfirmed address that owns a project (only possible from old data): kept.
    const owner = await person({ verified: 0, updatedAt: ago(100 * DAY) });
    await project(owner);
    const unverifiedAdmin = await person({ verified: 0, updatedAt: ago(100 * DAY), isAdmin: 1 });
    // A pending invitation of the verified account's project to the old sign-up goes with it.
    await db
      .insertInto('projectInvitation')
      .values({ id: newId(), projectId: verifiedProject, personId: oldSignup, role: 'viewer', invitedBy: verified, createdAt: ago(31 * DAY) })
      .execute();

    const result = await runRetention(db, clock, periods);

    expect(result.unverifiedSignups).toBe(1);
    expect(await exists('person', oldSignup)).toBe(false);
    expect(await exists('accountToken', oldSignupLink)).toBe(false);
    expect(await countRows(db, 'projectInvitation')).toBe(0);
    for (const kept of [recentSignup, signupWithLiveLink, verified, invited, owner, unverifiedAdmin]) {
      expect(await exists('person', kept)).toBe(true);
    }
    expect(await exists('session', verifiedSession)).toBe(true);
    expect(await countRows(db, 'project')).toBe(2);
  });

  it('deletes expired links and sessions, and keeps live ones', async () => {
    const someone = await person({ verified: 1, updatedAt: ago(DAY) });
    const expired = await Promise.all([
      token(someone, 'reset', ago(1)),
      token(someone, 'invite', ago(DAY)),
      token(someone, 'verify', NOW.toISOString()),
    ]);
    const live = await Promise.all([token(someone, 'reset', ahead(60_000)), token(someone, 'invite', ahead(6 * DAY))]);
    const idle = await session(someone, ago(8 * DAY), ahead(10 * DAY));
    const ended = await session(someone, ago(60_000), ago(1));
    const current = await session(someone, ago(6 * DAY), ahead(60_000));

    const result = await runRetention(db, clock, periods);

    expect(result).toMatchObject({ expiredLinks: 3, expiredSessions: 2 });
    for (const id of expired) expect(await exists('accountToken', id)).toBe(false);
    for (const id of live) expect(await exists('accountToken', id)).toBe(true);
    expect(await exists('session', idle)).toBe(false);
    expect(await exists('session', ended)).toBe(false);
    expect(await exists('session', current)).toBe(true);
    expect(await exists('person', someone)).toBe(true);
  });

  it('deletes contact requests older than the period in months, and keeps recent ones', async () => {
    const old = await contactRequest(new Date(monthsBefore(NOW, 24).getTime() - 1).toISOString());
    const recent = await contactRequest(new Date(monthsBefore(NOW, 24).getTime() + 1).toISOString());
    const fresh = await contactRequest(ago(DAY));

    expect((await runRetention(db, clock, periods)).contactRequests).toBe(1);
    expect(await exists('contactRequest', old)).toBe(false);
    expect(await exists('contactRequest', recent)).toBe(true);
    expect(await exists('contactRequest', fresh)).toBe(true);
    // A shorter period from the environment takes more.
    expect((await runRetention(db, clock, { ...periods, contactMonths: 1 })).contactRequests).toBe(1);
    expect(await exists('contactRequest', fresh)).toBe(true);
  });

  it('deletes ended second steps, browsers unused for KNOWN_DEVICE_DAYS and old outbox rows, and keeps what is live', async () => {
    await db.deleteFrom('mfaToken').execute();
    await db.deleteFrom('knownDevice').execute();
    await db.deleteFrom('mailOutbox').execute();
    const someone = await person({ verified: 1, updatedAt: ago(DAY) });
    await db
      .insertInto('mfaToken')
      .values([
        { tokenHash: 'ended', personId: someone, createdAt: ago(DAY), expiresAt: ago(DAY - 300_000) },
        { tokenHash: 'live', personId: someone, createdAt: ago(60_000), expiresAt: ahead(240_000) },
      ])
      .execute();
    await db
      .insertInto('knownDevice')
      .values([
        { personId: someone, deviceHash: 'stale', createdAt: ago(400 * DAY), lastUsedAt: ago((KNOWN_DEVICE_DAYS + 1) * DAY) },
        { personId: someone, deviceHash: 'recent', createdAt: ago(400 * DAY), lastUsedAt: ago((KNOWN_DEVICE_DAYS - 1) * DAY) },
      ])
      .execute();
    const mail = (id: string, state: 'queued' | 'sent' | 'failed', createdAt: string) => ({
      id,
      kind: 'contact',
      toAddress: 'team@example.com',
      replyTo: null,
      language: 'de' as const,
      subject: 'Betreff',
      textBody: '',
      htmlBody: '',
      state,
      nextAttemptAt: createdAt,
      lockedUntil: null,
      createdAt,
      sentAt: state === 'sent' ? createdAt : null,
    });
    const longAgo = new Date(monthsBefore(NOW, 12).getTime() - 1).toISOString();
    await db
      .insertInto('mailOutbox')
      .values([
        mail('old-sent', 'sent', longAgo),
        mail('old-failed', 'failed', longAgo),
        // A queued mail is never dropped, however old: the worker still owes it.
        mail('old-queued', 'queued', longAgo),
        mail('recent-sent', 'sent', ago(DAY)),
      ])
      .execute();

    const deleted = await runRetention(db, clock, periods);
    expect(deleted).toMatchObject({ expiredSecondSteps: 1, staleKnownDevices: 1, oldMails: 2, oldProjectInvitations: 0 });
    expect((await db.selectFrom('mfaToken').select('tokenHash').execute()).map((r) => r.tokenHash)).toEqual(['live']);
    expect((await db.selectFrom('knownDevice').select('deviceHash').execute()).map((r) => r.deviceHash)).toEqual(['recent']);
    expect(
      (await db.selectFrom('mailOutbox').select('id').orderBy('id').execute()).map((r) => r.id),
    ).toEqual(['old-queued', 'recent-sent']);
    // Running again finds nothing more.
    expect(await runRetention(db, clock, periods)).toMatchObject({ expiredSecondSteps: 0, staleKnownDevices: 0, oldMails: 0 });
  });

  it('withdraws project invitations nobody answered within PROJECT_INVITATION_DAYS, and keeps younger ones', async () => {
    const owner = await person({ verified: 1, updatedAt: ago(DAY) });
    const guest = await person({ verified: 1, updatedAt: ago(DAY) });
    const shop = await project(owner);
    const other = await project(owner);
    const invite = (id: string, projectId: string, createdAt: string) => ({ id, projectId, personId: guest, role: 'viewer' as const, invitedBy: owner, createdAt });
    await db
      .insertInto('projectInvitation')
      .values([
        invite('stale', shop, ago((PROJECT_INVITATION_DAYS + 1) * DAY)),
        invite('young', other, ago((PROJECT_INVITATION_DAYS - 1) * DAY)),
      ])
      .execute();
    expect((await runRetention(db, clock, periods)).oldProjectInvitations).toBe(1);
    expect((await db.selectFrom('projectInvitation').select('id').execute()).map((r) => r.id)).toEqual(['young']);
    expect(await exists('person', guest)).toBe(true);
  });

  it('counts months by the calendar', () => {
    expect(monthsBefore(new Date('2026-03-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-06-15T03:00:00Z'), 24).toISOString()).toBe('2024-06-15T03:00:00.000Z');
  });

  it('deletes at most batch × batches rows of a kind per run; the next run takes the rest', async () => {
    const someone = await person({ verified: 1, updatedAt: ago(DAY) });
    for (let i = 0; i < 7; i++) await token(someone, 'reset', ago(DAY));
    const limits = { batchSize: 2, maxBatches: 2 };
    expect((await runRetention(db, clock, periods, limits)).expiredLinks).toBe(4);
    expect(await countRows(db, 'accountToken')).toBe(3);
    expect((await runRetention(db, clock, periods, limits)).expiredLinks).toBe(3);
    expect((await runRetention(db, clock, periods, limits)).expiredLinks).toBe(0);
  });

  describe('two instances at once', () => {
    let second: DatabaseHandle;
    beforeAll(() => {
      // Another connection (pool) to the same database, as a second server would have.
      second = openDatabase(database.url, database.schema ? { searchPath: database.schema } : {});
    });
    afterAll(async () => {
      await second.close();
    });

    async function backlog(): Promise<number> {
      const someone = await person({ verified: 1, updatedAt: ago(DAY) });
      const keep = await person({ verified: 1, updatedAt: ago(400 * DAY) });
      await session(keep, ago(DAY), ahead(DAY));
      for (let i = 0; i < 30; i++) {
        await token(someone, 'reset', ago(DAY));
        await person({ verified: 0, updatedAt: ago(40 * DAY) });
        await contactRequest(ago(800 * DAY));
        await session(someone, ago(10 * DAY), ahead(DAY));
      }
      await contactRequest(ago(DAY));
      return 30;
    }

    it('do not fail and delete each row once', async () => {
      const n = await backlog();
      const limits = { batchSize: 4, maxBatches: 100 };
      const [a, b] = await Promise.all([
        runRetention(db, clock, periods, limits),
        runRetention(second.db, clock, periods, limits),
      ]);
      expect(a.expiredLinks + b.expiredLinks).toBe(n);
      expect(a.unverifiedSignups + b.unverifiedSignups).toBe(n);
      expect(a.contactRequests + b.contactRequests).toBe(n);
      expect(a.expiredSessions + b.expiredSessions).toBe(n);
      expect(await countRows(db, 'person')).toBe(2);
      expect(await countRows(db, 'session')).toBe(1);
      expect(await countRows(db, 'contactRequest')).toBe(1);
      expect(await countRows(db, 'accountToken')).toBe(0);
    });

    it('run the daily job once a day: one claims the day, the other leaves it', async () => {
      const n = await backlog();
      const runs = await Promise.all([
        runRetentionOncePerDay(db, clock, periods),
        runRetentionOncePerDay(second.db, clock, periods),
      ]);
      const done = runs.filter((r) => r !== undefined);
      expect(done).toHaveLength(1);
      expect(done[0]).toEqual({
        expiredLinks: n,
        expiredSessions: n,
        expiredAccessTokens: 0,
        expiredSecondSteps: 0,
        staleKnownDevices: 0,
        oldProjectInvitations: 0,
        unverifiedSignups: n,
        contactRequests: n,
        oldMails: 0,
      });
      const row = await db.selectFrom('retentionRun').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ day: '2026-06-15', startedAt: NOW.toISOString(), finishedAt: NOW.toISOString() });
      expect(JSON.parse(row.deletedJson ?? '{}')).toEqual(done[0]);
      // The same day again: nothing; the next day: a run of its own.
      expect(await runRetentionOncePerDay(db, clock, periods)).toBeUndefined();
      const tomorrow = { now: () => new Date(NOW.getTime() + DAY) };
      expect(await runRetentionOncePerDay(second.db, tomorrow, periods)).toBeDefined();
      expect(await countRows(db, 'retentionRun')).toBe(2);
    });
  });

  it('portal retention:run deletes with the periods from the environment', async () => {
    const now = Date.now();
    const old = await contactRequest(new Date(now - 40 * DAY).toISOString());
    const recent = await contactRequest(new Date(now - 20 * DAY).toISOString());
    const out: string[] = [];
    const err: string[] = [];
    const sink = (lines: string[]) => ({ write: (chunk: string) => (lines.push(chunk), true) }) as unknown as NodeJS.WritableStream;
    // On PostgreSQL the command's connection finds this file's schema through PGOPTIONS.
    const before = process.env.PGOPTIONS;
    if (database.schema) process.env.PGOPTIONS = `-c search_path=${database.schema}`;
    const code = await runCli(['retention:run'], {
      stdin: process.stdin,
      stdout: sink(out) as never,
      stderr: sink(err) as never,
      env: { NODE_ENV: 'test', DATABASE_URL: database.url, RETENTION_CONTACT_MONTHS: '1' },
    }).finally(() => {
      if (before === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = before;
    });
    expect(err.join('')).toBe('');
    expect(code).toBe(0);
    expect(out.join('')).toContain('1 contact requests');
    expect(await exists('contactRequest', old)).toBe(false);
    expect(await exists('contactRequest', recent)).toBe(true);
  });
});
