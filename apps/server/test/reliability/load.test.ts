import autocannon, { type Request, type Result } from 'autocannon';
import { describe, expect, it } from 'vitest';
import { basicAuth, createService } from '../helper.js';
import { INGEST_TOKEN, bearer, budget, dialect, livePortal, long, printFigures } from './support.js';

// Load: fixed-rate mixed traffic against the built server, 500 requests per second over 50
// connections (reads 400/s, writes 98/s, sign-ins 2/s, each class its own autocannon so each
// has its own latency figures). Promise: no errors, no 5xx (so SQLITE_BUSY never reaches a
// client), p99 of reads ≤ 50 ms and of writes ≤ 100 ms.

const SECONDS = budget(10, 60);
const WARM_UP_SECONDS = 2;
const READ_P99_MS = 50;
const WRITE_P99_MS = 100;

describe(`load (${dialect})`, () => {
  const live = livePortal({
    projects: 5,
    prepare: async (db) => {
      for (let i = 0; i < 8; i++) await createService(db);
    },
  });

  function traffic(): Record<'reads' | 'writes' | 'logins', Request[]> {
    const auth = bearer(live.world.owner.token);
    const json = { ...auth, 'content-type': 'application/json' };
    const ingest = { ...bearer(INGEST_TOKEN), 'content-type': 'application/json' };
    const patch = (path: string, body: unknown): Request => ({
      method: 'PATCH',
      path,
      headers: json,
      body: JSON.stringify(body),
    });
    return {
      reads: [
        { path: '/rest/collection/service' },
        { path: `/rest/collection/service/${live.world.serviceId}` },
        { path: '/rest/collection/price_package' },
        { path: '/rest/collection/translation?namespace=Navigation,Footer,General' },
        { path: `/rest/media/${live.world.mediaId}` },
        { path: `/rest/collection/person/${live.world.owner.id}`, headers: auth },
        { path: `/rest/collection/person/${live.world.owner.id}/project`, headers: auth },
        ...live.projects.flatMap((p) => [
          { path: `/rest/collection/project/${p.projectId}`, headers: auth },
          { path: `/rest/collection/service_licence/${p.licenceId}`, headers: auth },
        ]),
      ],
      // Spread over the projects, as customers' writes are; each one changes something.
      writes: live.projects.flatMap((p, i) => [
        patch(`/rest/collection/project/${p.projectId}`, { name: `Last ${i}` }),
        patch(`/rest/collection/service_licence/${p.licenceId}`, { online: false }),
        {
          method: 'POST',
          path: '/rest/usage/ingest',
          headers: ingest,
          body: JSON.stringify({ items: [{ licenceKey: p.licenceKey, day: '2026-01-15', count: i }] }),
        },
        patch(`/rest/collection/project/${p.projectId}`, { name: `Load ${i}` }),
        patch(`/rest/collection/service_licence/${p.licenceId}`, { online: true }),
      ]),
      logins: [
        {
          method: 'POST',
          path: '/rest/auth',
          headers: { authorization: basicAuth(live.world.owner.email, live.world.owner.password) },
        },
      ],
    };
  }

  const run = (requests: Request[], connections: number, rate: number, duration: number): Promise<Result> =>
    autocannon({ url: live.portal.base, connections, duration, overallRate: rate, timeout: 10, requests });

  const summary = (r: Result) => ({
    total: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    fivexx: r['5xx'],
    p99: r.latency.p99,
  });

  it(
    `answers 500 req/s of mixed traffic for ${SECONDS} s without errors, within the latency budget`,
    async () => {
      const t = traffic();
      await Promise.all([run(t.reads, 38, 400, WARM_UP_SECONDS), run(t.writes, 10, 98, WARM_UP_SECONDS)]);
      const [reads, writes, logins] = await Promise.all([
        run(t.reads, 38, 400, SECONDS),
        run(t.writes, 10, 98, SECONDS),
        run(t.logins, 2, 2, SECONDS),
      ]);
      const r = summary(reads);
      const w = summary(writes);
      const l = summary(logins);
      printFigures('load', {
        seconds: SECONDS,
        requestsPerSecond: Math.round((r.total + w.total + l.total) / SECONDS),
        reads: r.total,
        writes: w.total,
        logins: l.total,
        errors: r.errors + w.errors + l.errors,
        non2xx: r.non2xx + w.non2xx + l.non2xx,
        fivexx: r.fivexx + w.fivexx + l.fivexx,
        readP99Ms: r.p99,
        writeP99Ms: w.p99,
        loginP99Ms: l.p99,
      });
      expect({ reads: r, writes: w, logins: l }).toMatchObject({
        reads: { errors: 0, non2xx: 0, fivexx: 0 },
        writes: { errors: 0, non2xx: 0, fivexx: 0 },
        logins: { errors: 0, non2xx: 0, fivexx: 0 },
      });
      // Latency and rate are time figures: the long run (its own command, on a quiet machine) holds the
      // budget; the quick run inside npm test prints it but asserts only correctness, since test
      // suites never assert timings (see docs/reliability.md).
      if (long) {
        // At a fixed rate of 500 req/s, anything much below means the server could not keep up.
        expect(r.total + w.total + l.total).toBeGreaterThanOrEqual(500 * SECONDS * 0.95);
        expect(r.p99, 'p99 of reads (ms)').toBeLessThanOrEqual(READ_P99_MS);
        expect(w.p99, 'p99 of writes (ms)').toBeLessThanOrEqual(WRITE_P99_MS);
      }
    },
    budget(60_000, 180_000),
  );
});
