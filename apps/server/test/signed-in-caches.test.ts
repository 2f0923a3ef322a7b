import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { dataVersion, dataVersionReader } from '../src/db/data-version.js';
import {
  bearer,
  buildTestApp,
  createProjectWithLicences,
  createService,
  createSignedInPerson,
  dialect,
  type SignedInPerson,
  type TestContext,
} from './helper.js';

// Signed-in answers and sessions are kept in memory between calls (docs/performance.md#caches).
// Whatever changes, through this server, another instance or a process of its own (the command
// line), must show in the very next answer; nothing kept may reach anyone else.

/**
 * A request that follows a change made elsewhere reaches the server over the network, in a later
 * turn of its event loop; calls handled in the same turn share one read of the version on SQLite
 * (docs/performance.md#signed-in-answers-and-sessions). inject() does not pass through the
 * network, so the tests wait for that turn.
 */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('signed-in answers kept in memory', () => {
  let ctx: TestContext;
  /** Another connection to the same database: another instance, or the command line. */
  let other: DatabaseHandle;
  let ada: SignedInPerson;
  let projectId: string;
  let licenceId: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    other = openDatabase(ctx.database.url, ctx.database.schema ? { searchPath: ctx.database.schema } : {});
    await createService(ctx.db, { id: 'cacheSvc' });
    ada = await createSignedInPerson(ctx, { firstname: 'Ada' });
    ({
      projectId,
      licenceIds: [licenceId],
    } = await createProjectWithLicences(ctx, ada, ['cacheSvc'] as const));
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const projects = (person: SignedInPerson) =>
    get(`/rest/collection/person/${person.id}/project`, person.token);
  const projectNames = async (person: SignedInPerson) =>
    (await projects(person)).json<Array<{ name: string }>>().map((p) => p.name);

  it('answers the same bytes again while nothing changed', async () => {
    const first = await projects(ada);
    const second = await projects(ada);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('no-store');
  });

  it('shows a change made through the API in the next answer', async () => {
    expect(await projectNames(ada)).toEqual(['Shop']);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/project/${projectId}`,
      headers: bearer(ada.token),
      payload: { name: 'Laden' },
    });
    expect(patched.statusCode).toBe(200);
    expect(await projectNames(ada)).toEqual(['Laden']);
  });

  it('shows a change made by another instance or process in the next answer', async () => {
    expect(await projectNames(ada)).toEqual(['Laden']);
    await other.db.updateTable('project').set({ name: 'Boutique' }).where('id', '=', projectId).execute();
    await nextTurn();
    expect(await projectNames(ada)).toEqual(['Boutique']);

    const licenceUrl = `/rest/collection/service_licence/${licenceId}`;
    const before = (await get(licenceUrl, ada.token)).json<{ calls: { total: number } }>();
    expect(before.calls.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    await other.db.insertInto('usageDaily').values({ licenceId, day: today, count: 42 }).execute();
    await nextTurn();
    expect((await get(licenceUrl, ada.token)).json<{ calls: { total: number } }>().calls.total).toBe(42);
  });

  // PostgreSQL reads the version with the session only.
  it.skipIf(dialect === 'postgres')(
    'reads the same data version alone as with the session, and a new one after any write',
    async () => {
      const alone = dataVersionReader(ctx.db)!;
      const withSession = async () =>
        (await sql<{ v: string }>`select ${dataVersion(ctx.db)} as v`.execute(ctx.db)).rows[0]!.v;
      const before = alone();
      expect(await withSession()).toBe(before);
      await other.db
        .updateTable('project')
        .set({ description: 'elsewhere' })
        .where('id', '=', projectId)
        .execute();
      await nextTurn();
      const afterOther = alone();
      expect(afterOther).not.toBe(before);
      expect(await withSession()).toBe(afterOther);
      await ctx.db.updateTable('project').set({ description: 'here' }).where('id', '=', projectId).execute();
      expect(alone()).not.toBe(afterOther);
      expect(await withSession()).toBe(alone());
    },
  );

  it.skipIf(dialect === 'postgres')(
    "counts this server's own writes at once, and another process's from the next turn of the event loop",
    async () => {
      const read = dataVersionReader(ctx.db)!;
      const start = read();
      await other.db.updateTable('project').set({ description: 'there' }).where('id', '=', projectId).execute();
      await ctx.db.updateTable('project').set({ description: 'here too' }).where('id', '=', projectId).execute();
      const afterOwn = read();
      expect(afterOwn).not.toBe(start);
      await nextTurn();
      expect(read()).not.toBe(afterOwn);
    },
  );

  it('never gives one person what was kept for another', async () => {
    const eve = await createSignedInPerson(ctx, { firstname: 'Eve' });
    expect((await get(`/rest/collection/service_licence/${licenceId}`, ada.token)).statusCode).toBe(200);
    expect((await get(`/rest/collection/service_licence/${licenceId}`, eve.token)).statusCode).toBe(404);
    expect((await get(`/rest/collection/person/${ada.id}/project`, eve.token)).statusCode).toBe(404);
    expect(await projectNames(eve)).toEqual([]);
  });

  it('ends a session at once on logout', async () => {
    const bob = await createSignedInPerson(ctx, { firstname: 'Bob' });
    expect((await projects(bob)).statusCode).toBe(200);
    expect((await projects(bob)).statusCode).toBe(200);
    const logout = await ctx.app.inject({ method: 'POST', url: '/rest/logout', headers: bearer(bob.token) });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await projects(bob)).statusCode).toBe(401);
  });

  it('ends sessions at once when another process revokes them or disables the account', async () => {
    const cleo = await createSignedInPerson(ctx, { firstname: 'Cleo' });
    expect((await projects(cleo)).statusCode).toBe(200);
    expect((await projects(cleo)).statusCode).toBe(200);
    await other.db.deleteFrom('session').where('personId', '=', cleo.id).execute();
    await nextTurn();
    expect((await projects(cleo)).statusCode).toBe(401);

    const dan = await createSignedInPerson(ctx, { firstname: 'Dan' });
    expect((await projects(dan)).statusCode).toBe(200);
    expect((await projects(dan)).statusCode).toBe(200);
    await other.db.updateTable('person').set({ disabled: 1 }).where('id', '=', dan.id).execute();
    await nextTurn();
    expect((await projects(dan)).statusCode).toBe(401);
  });
});
