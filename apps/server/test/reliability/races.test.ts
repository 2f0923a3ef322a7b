import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS } from '@portal/contract/image';
import { createService, type TestContext } from '../helper.js';
import {
  avatarUpload,
  bearer,
  budget,
  createOwnedProject,
  dialect,
  injectedWorld,
  png,
  printFigures,
} from './support.js';
import type { Req, Send, World } from './support.js';

// Races: requests that arrive together must leave the data as if they had come one after the
// other. Exactly one of many identical adds wins; a project deleted while licences are added
// or changed keeps no live licence (and is not billed after its deletion); every one of
// parallel avatar uploads gets its own version, so no two pictures share a cached URL.

const PARALLEL_ADDS = 50;
const ROUNDS = budget(20, 100);
const AVATAR_UPLOADS = 10;

function nextMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

const shuffle = <T>(list: T[]): T[] =>
  list
    .map((v) => ({ v, k: Math.random() }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.v);

describe(`races (${dialect})`, () => {
  let ctx: TestContext;
  let send: Send;
  let world: World;

  beforeAll(async () => {
    ({ ctx, send, world } = await injectedWorld());
  });
  afterAll(async () => {
    await ctx.close();
  });

  it(`lets exactly one of ${PARALLEL_ADDS} parallel adds of the same service through`, async () => {
    const { projectId } = await createOwnedProject(send, world);
    const add: Req = {
      method: 'PUT',
      url: `/rest/collection/project/${projectId}/service_licence/${world.freeServiceId}`,
      headers: bearer(world.owner.token),
    };
    const statuses = (await Promise.all(Array.from({ length: PARALLEL_ADDS }, () => send(add)))).map(
      (r) => r.statusCode,
    );
    const live = await ctx.db
      .selectFrom('serviceLicence')
      .select('id')
      .where('projectId', '=', projectId)
      .where('serviceId', '=', world.freeServiceId)
      .where('deletedAt', 'is', null)
      .execute();
    printFigures('races/parallel-adds', {
      requests: PARALLEL_ADDS,
      created: statuses.filter((s) => s === 201).length,
      conflicts: statuses.filter((s) => s === 409).length,
    });
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(live).toHaveLength(1);
  });

  it(`leaves no live licence in a deleted project (${ROUNDS} rounds of delete, add and patch at once)`, async () => {
    const secondService = await createService(ctx.db, { accounting: 'monthly', monthlyFee: 500 });
    const owner = bearer(world.owner.token);
    const json = { ...owner, 'content-type': 'application/json' };
    const deleted: string[] = [];
    let left = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { projectId, licenceId } = await createOwnedProject(send, world);
      const calls: Req[] = shuffle([
        { method: 'DELETE', url: `/rest/collection/project/${projectId}`, headers: owner },
        {
          method: 'PUT',
          url: `/rest/collection/project/${projectId}/service_licence/${world.freeServiceId}`,
          headers: owner,
        },
        {
          method: 'PUT',
          url: `/rest/collection/project/${projectId}/service_licence/${secondService}`,
          headers: owner,
        },
        {
          method: 'PATCH',
          url: `/rest/collection/project/${projectId}`,
          headers: json,
          payload: JSON.stringify({ name: `Runde ${round}` }),
        },
        {
          method: 'PATCH',
          url: `/rest/collection/service_licence/${licenceId}`,
          headers: json,
          payload: JSON.stringify({ online: false }),
        },
      ]);
      const statuses = (await Promise.all(calls.map(send))).map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s >= 500),
        `round ${round}`,
      ).toEqual([]);
      const project = await ctx.db
        .selectFrom('project')
        .select('deletedAt')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      expect(project.deletedAt, `round ${round}: the delete was acknowledged`).not.toBeNull();
      deleted.push(projectId);
      const live = await ctx.db
        .selectFrom('serviceLicence')
        .select('id')
        .where('projectId', '=', projectId)
        .where('deletedAt', 'is', null)
        .execute();
      left += live.length;
    }
    const { from, to } = nextMonth();
    const admin = await send({
      method: 'GET',
      url: `/rest/collection/admin/projects?from=${from}&to=${to}`,
      headers: bearer(world.admin.token),
    });
    expect(admin.statusCode).toBe(200);
    const billed = (
      JSON.parse(admin.body) as { projects: Array<{ id: string; price_gesamt: number }> }
    ).projects.filter((p) => deleted.includes(p.id) && p.price_gesamt > 0);
    printFigures('races/delete-add-patch', {
      rounds: ROUNDS,
      liveLicencesInDeletedProjects: left,
      billedAfterDeletion: billed.length,
    });
    expect(left).toBe(0);
    expect(billed).toEqual([]);
  });

  it(`gives each of ${AVATAR_UPLOADS} parallel avatar uploads its own version`, async () => {
    const before = await ctx.db
      .selectFrom('person')
      .select('avatarVersion')
      .where('id', '=', world.owner.id)
      .executeTakeFirstOrThrow();
    const uploads = await Promise.all(
      Array.from({ length: AVATAR_UPLOADS }, async (_, i) =>
        send(
          avatarUpload(world.owner, await png(32, 32, `#${(i * 20 + 16).toString(16)}4080`), `a${i}.png`),
        ),
      ),
    );
    // Beyond the image jobs' turns and queue an upload is told to come back (503, Retry-After).
    const stored = uploads.filter((r) => r.statusCode === 200).length;
    const refused = uploads.filter((r) => r.statusCode === 503);
    expect(stored + refused.length).toBe(AVATAR_UPLOADS);
    expect(stored).toBeGreaterThanOrEqual(IMAGE_LIMITS.concurrentJobs);
    for (const answer of refused) expect(answer.headers['retry-after']).toBeDefined();
    const after = await ctx.db
      .selectFrom('person')
      .select('avatarVersion')
      .where('id', '=', world.owner.id)
      .executeTakeFirstOrThrow();
    // Each stored picture gets a version of its own, so a versioned URL never names two pictures.
    printFigures('races/avatar', {
      uploads: AVATAR_UPLOADS,
      stored,
      versionIncrease: after.avatarVersion - before.avatarVersion,
    });
    expect(after.avatarVersion - before.avatarVersion).toBe(stored);
  });
});
