import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../support/built-web.js';
import { documentJson } from '../support/openapi-documents.js';
import { createServerDatabase, type ServerDatabase } from '../support/server-database.js';
import {
  INGEST_TOKEN,
  bearer,
  budget,
  createOwnedProject,
  createWorld,
  dialect,
  printFigures,
  startPortal,
  type OwnedProject,
  type Portal,
  type World,
} from './support.js';

// Soak (docs/reliability.md#resource-leaks): every public page (the rendered ones, the app's
// shell, static files, the public API) and signed-in reads and writes, round after round, against
// the built server with a real web build. After each round the server's open descriptors, its
// sockets, its RSS, its heap after a full collection and its event loop's delay are read; the
// promise: none of them grows from the first round to the last, and no reply is sent twice. A
// leak of one descriptor per page view (a rendered page once also sent index.html) fails the
// quick variant within seconds.

const ROUNDS = budget(4, 12);
const REQUESTS_PER_ROUND = budget(400, 4000);
const CONCURRENCY = 10;
/** Growth from the first round's end to the last one's that counts as a leak. */
const LIMITS = {
  descriptors: 10,
  sockets: 10,
  heapMb: 10,
  rssMb: budget(40, 60),
  /** Generous: the machine is shared; a loop that blocks longer per round shows here. */
  delayP99Ms: 150,
};

const probe = fileURLToPath(new URL('../../../../bench/lib/soak-probe.mjs', import.meta.url));

interface Call {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: () => string;
  /** The status the call must answer; undefined: any 2xx. */
  status?: number;
}

interface Sample {
  descriptors: number;
  sockets: number;
  rssMb: number;
  heapUsedMb: number;
  delayP99Ms: number;
}

describe(`soak (${dialect})`, () => {
  let database: ServerDatabase;
  let world: World;
  let project: OwnedProject;
  let portal: Portal;
  let web: { dir: string; remove: () => void };
  let probeDir: string;
  let calls: Call[];

  /** The server's figures: descriptors and sockets from /proc, the rest from the probe inside it. */
  async function sample(): Promise<Sample> {
    const pid = portal.child.pid ?? 0;
    const file = join(probeDir, 'probe.json');
    rmSync(file, { force: true });
    portal.child.kill('SIGUSR2');
    for (let i = 0; i < 200; i++) {
      try {
        const figures = JSON.parse(readFileSync(file, 'utf8')) as {
          heapUsedMb: number;
          rssMb: number;
          delayP99Ms: number;
        };
        const links = readdirSync(`/proc/${pid}/fd`).map((fd) => {
          try {
            return readlinkSync(`/proc/${pid}/fd/${fd}`);
          } catch {
            return ''; // closed while listed
          }
        });
        return {
          descriptors: links.filter(Boolean).length,
          sockets: links.filter((link) => link.startsWith('socket:')).length,
          rssMb: Math.round(figures.rssMb),
          heapUsedMb: Math.round(figures.heapUsedMb * 10) / 10,
          delayP99Ms: Math.round(figures.delayP99Ms),
        };
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10)); // not written yet
      }
    }
    throw new Error('the soak probe did not answer');
  }

  /** The canonical address a page forwards to (the tests need not know how slugs are made). */
  async function addressOf(url: string): Promise<string> {
    const res = await fetch(`${portal.base}${url}`, { redirect: 'manual' });
    return res.status === 301 ? (res.headers.get('location') ?? url) : url;
  }

  beforeAll(async () => {
    web = await buildWeb();
    probeDir = mkdtempSync(join(tmpdir(), 'portal-soak-'));
    database = await createServerDatabase();
    world = await createWorld(database.db);
    portal = await startPortal(database.url, {
      WEB_DIST: web.dir,
      NODE_OPTIONS: `--import=${probe}`,
      SOAK_PROBE_FILE: join(probeDir, 'probe.json'),
    });
    project = await createOwnedProject(portal.send, world);
    // An API reference for the service page's API page.
    const admin = { ...bearer(world.admin.token), 'content-type': 'application/json' };
    const versions = `/rest/collection/admin/service/${world.serviceId}/api`;
    const document = JSON.stringify(documentJson());
    const stored = await portal.send({
      method: 'POST',
      url: versions,
      headers: admin,
      payload: JSON.stringify({ document, version: '1', notes: { de: '', en: '' } }),
    });
    const versionId = (JSON.parse(stored.body) as { id?: string }).id;
    const published = await portal.send({
      method: 'POST',
      url: `${versions}/${versionId}/publish`,
      headers: bearer(world.admin.token),
    });
    if (published.statusCode !== 200)
      throw new Error(`publish answered ${published.statusCode} ${published.body}`);
    const legal = `/rechtliches/seite-${world.legalPageId.toLowerCase()}`;
    const indexHtml = await (await fetch(`${portal.base}/projects`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1] ?? '/favicon.svg';
    /** A page in German and in English (where a service's slug follows the language). */
    const page = async (url: string, status = 200): Promise<Call[]> => [
      { method: 'GET', url: await addressOf(url), status },
      { method: 'GET', url: await addressOf(`${url}?lang=en`), status },
    ];
    const auth = bearer(world.owner.token);
    const json = { ...auth, 'content-type': 'application/json' };
    let write = 0;
    calls = [
      // Public pages rendered on the server, with and without compression.
      ...(await page('/services')),
      ...(await page(`/services/${world.serviceId}`)),
      ...(await page(`/services/${world.serviceId}/api`)),
      ...(await page('/price')),
      ...(await page(legal)),
      ...(await page('/no-such-page', 404)),
      { method: 'GET', url: '/services', headers: { 'accept-encoding': 'identity' }, status: 200 },
      { method: 'GET', url: '/SERVICES/', status: 301 },
      { method: 'HEAD', url: '/price', status: 200 },
      // The app's shell, its files, the public API.
      { method: 'GET', url: '/', status: 302 },
      ...(await page('/projects')),
      { method: 'GET', url: '/signup', status: 200 },
      { method: 'GET', url: asset, status: 200 },
      { method: 'GET', url: '/favicon.svg', status: 200 },
      { method: 'GET', url: '/assets/gone-0000.js', status: 404 },
      { method: 'GET', url: '/rest/collection/service?orderby=name' },
      { method: 'GET', url: `/rest/collection/service/${world.serviceId}` },
      { method: 'GET', url: `/rest/collection/service/${world.serviceId}/api` },
      { method: 'GET', url: '/rest/collection/price_package' },
      { method: 'GET', url: '/rest/collection/rechtliches' },
      { method: 'GET', url: '/rest/collection/translation?namespace=Navigation,Footer,General' },
      { method: 'GET', url: `/rest/media/${world.mediaId}` },
      { method: 'GET', url: '/rest/config' },
      { method: 'GET', url: '/rest/ready' },
      // Signed in: reads and writes.
      { method: 'GET', url: `/rest/collection/person/${world.owner.id}`, headers: auth },
      { method: 'GET', url: `/rest/collection/person/${world.owner.id}/project`, headers: auth },
      { method: 'GET', url: `/rest/collection/project/${project.projectId}`, headers: auth },
      { method: 'GET', url: `/rest/collection/service_licence/${project.licenceId}`, headers: auth },
      {
        method: 'PATCH',
        url: `/rest/collection/project/${project.projectId}`,
        headers: json,
        body: () => JSON.stringify({ name: `Soak ${++write}` }),
      },
      {
        method: 'PATCH',
        url: `/rest/collection/service_licence/${project.licenceId}`,
        headers: json,
        body: () => JSON.stringify({ online: write % 2 === 0 }),
      },
      {
        method: 'POST',
        url: '/rest/usage/ingest',
        headers: { ...bearer(INGEST_TOKEN), 'content-type': 'application/json' },
        body: () =>
          JSON.stringify({ items: [{ licenceKey: project.licenceKey, day: '2026-01-15', count: write }] }),
      },
    ];
  }, 300_000);
  afterAll(async () => {
    await portal?.kill();
    await database?.destroy();
    web?.remove();
    if (probeDir) rmSync(probeDir, { recursive: true, force: true });
  });

  /** `count` calls, round-robin over every kind, CONCURRENCY at a time; the unexpected answers. */
  async function round(count: number): Promise<string[]> {
    let next = 0;
    const unexpected: string[] = [];
    const worker = async () => {
      while (next < count) {
        const call = calls[next++ % calls.length];
        if (!call) continue;
        const res = await fetch(`${portal.base}${call.url}`, {
          method: call.method,
          headers: call.headers,
          body: call.body?.(),
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        const ok =
          call.status === undefined ? res.status >= 200 && res.status < 300 : res.status === call.status;
        if (!ok) unexpected.push(`${call.method} ${call.url} → ${res.status}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return unexpected;
  }

  it(
    `${ROUNDS} rounds of ${REQUESTS_PER_ROUND} requests over every public page and signed-in reads and writes: nothing grows`,
    async () => {
      // Warm-up: caches filled, code compiled, connections open.
      expect(await round(calls.length * 3)).toEqual([]);
      // The start: its event loop delay (start-up, first compilations) is left out.
      const start = await sample();
      const samples: Sample[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        expect(await round(REQUESTS_PER_ROUND)).toEqual([]);
        samples.push(await sample());
      }
      const [first, last] = [samples[0], samples.at(-1)];
      if (!first || !last) throw new Error('no samples');
      const growth = {
        descriptors: last.descriptors - start.descriptors,
        sockets: last.sockets - start.sockets,
        heapMb: Math.round((last.heapUsedMb - start.heapUsedMb) * 10) / 10,
        rssMb: last.rssMb - start.rssMb,
        delayP99Ms: last.delayP99Ms - first.delayP99Ms,
      };
      const series = (key: keyof Sample) => [start, ...samples].map((s) => s[key]).join('/');
      printFigures('soak', {
        requests: ROUNDS * REQUESTS_PER_ROUND,
        descriptors: series('descriptors'),
        sockets: series('sockets'),
        rssMb: series('rssMb'),
        heapMb: series('heapUsedMb'),
        delayP99Ms: samples.map((s) => s.delayP99Ms).join('/'),
      });
      expect(growth.descriptors, 'open descriptors').toBeLessThanOrEqual(LIMITS.descriptors);
      expect(portal.output().includes('Reply was already sent'), 'a reply sent twice').toBe(false);
      expect(growth.sockets, 'sockets').toBeLessThanOrEqual(LIMITS.sockets);
      expect(growth.heapMb, 'heap after a full collection (MB)').toBeLessThanOrEqual(LIMITS.heapMb);
      expect(growth.rssMb, 'RSS (MB)').toBeLessThanOrEqual(LIMITS.rssMb);
      expect(growth.delayP99Ms, 'event loop delay p99 (ms)').toBeLessThanOrEqual(LIMITS.delayP99Ms);
    },
    budget(120_000, 900_000),
  );
});
