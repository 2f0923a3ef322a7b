import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { databaseFault } from '../src/lib/database-errors.js';
import { bearer, buildTestApp, createProjectViaApi, createSignedInPerson, dialect, type TestContext } from './helper.js';

// Two requests racing for the same rows: the database refuses one of them (a unique key, a
// deadlock, a lock), and that one is told to try again, 409 or 503 with Retry-After, in the
// client's language; never 500 (docs/architecture.md#errors).

describe('a race lost to another request', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the second of two parallel hand-overs of one project 409 or 403, never 500, and keeps one owner', async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await createSignedInPerson(ctx);
      const editors = [await createSignedInPerson(ctx), await createSignedInPerson(ctx)];
      const projectId = await createProjectViaApi(ctx.app, owner.token, owner.id);
      const now = new Date().toISOString();
      await ctx.db
        .insertInto('projectMember')
        .values(editors.map((editor) => ({ projectId, personId: editor.id, role: 'editor' as const, createdAt: now })))
        .execute();

      const answers = await Promise.all(
        editors.map((editor) =>
          ctx.app.inject({
            method: 'PATCH',
            url: `/rest/collection/project/${projectId}/member/${editor.id}`,
            headers: { ...bearer(owner.token), 'accept-language': 'en' },
            payload: { role: 'owner' },
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const refused = answers.find((a) => a.statusCode !== 200)!;
      if (refused.statusCode === 409) {
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.json()).toMatchObject({ error: { code: 'conflict', message: expect.stringMatching(/[a-z]/) } });
      }
      const project = await ctx.db.selectFrom('project').select('ownerId').where('id', '=', projectId).executeTakeFirstOrThrow();
      const members = await ctx.db.selectFrom('projectMember').select(['personId', 'role']).where('projectId', '=', projectId).execute();
      const newOwner = editors.find((e) => e.id === project.ownerId)!;
      expect(newOwner).toBeDefined();
      const other = editors.find((e) => e !== newOwner)!;
      expect(members.sort((a, b) => a.personId.localeCompare(b.personId))).toEqual(
        [
          { personId: owner.id, role: 'editor' },
          { personId: other.id, role: 'editor' },
        ].sort((a, b) => a.personId.localeCompare(b.personId)),
      );
    }
  });

  it('tells a unique violation of either database apart as a conflict', async () => {
    const person = await createSignedInPerson(ctx);
    const copy = await ctx.db.selectFrom('person').selectAll().where('id', '=', person.id).executeTakeFirstOrThrow();
    const error = await ctx.db.insertInto('person').values(copy).execute().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(databaseFault(error)).toBe('conflict');
  });

  it.runIf(dialect === 'postgres')('tells a real deadlock on PostgreSQL apart as one to retry', async () => {
    const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([a.connect(), b.connect()]);
    try {
      const table = `race_${process.pid}_${Date.now()}`;
      await a.query(`create table ${table} (id int primary key, n int)`);
      await a.query(`insert into ${table} values (1, 0), (2, 0)`);
      try {
        await Promise.all([a.query('begin'), b.query('begin')]);
        await a.query(`update ${table} set n = 1 where id = 1`);
        await b.query(`update ${table} set n = 1 where id = 2`);
        const results = await Promise.allSettled([
          a.query(`update ${table} set n = 2 where id = 2`),
          b.query(`update ${table} set n = 2 where id = 1`),
        ]);
        const failure = results.find((r) => r.status === 'rejected');
        expect(failure).toBeDefined();
        expect(databaseFault((failure as PromiseRejectedResult).reason)).toBe('retry');
        await Promise.all([a.query('rollback'), b.query('rollback')]);
      } finally {
        await a.query(`drop table ${table}`);
      }
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
