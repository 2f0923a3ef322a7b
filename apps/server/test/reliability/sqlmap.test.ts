import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { INGEST_TOKEN, budget, dialect, livePortal, long, printFigures } from './support.js';
import type { OwnedProject, World } from './support.js';

// sqlmap (Debian package sqlmap) at level 3 / risk 2 against the parameterised routes of the
// built server on 127.0.0.1, signed in where the route needs it: path ids, query parameters and
// JSON bodies. Promise: no injection point found. The quick run takes one target per dialect.
// Sign-in (Basic credentials) is left to the hostile-input part: sqlmap cannot inject into
// base64 headers.

const run = promisify(execFile);
const TARGET_SECONDS = 180;

interface Target {
  name: string;
  /** Path and query; `*` marks where sqlmap injects (JSON bodies: every value). */
  path: string;
  method?: string;
  body?: unknown;
  token?: string;
  /** The quick run scans one target per dialect: a path and query, and a JSON body. */
  quick?: typeof dialect;
}

function targets(world: World, project: OwnedProject): Target[] {
  const owner = world.owner.token;
  return [
    {
      name: 'licence with period',
      path: `/rest/collection/service_licence/${project.licenceId}*?from=2026-01-01*&to=2026-01-31*`,
      token: owner,
      quick: 'sqlite',
    },
    {
      name: 'project rename',
      path: `/rest/collection/project/${project.projectId}`,
      method: 'PATCH',
      body: { name: 'Shop', description: 'Text' },
      token: owner,
    },
    {
      name: 'admin report',
      path: '/rest/collection/admin/projects?from=2026-01-01*&to=2026-01-31*&format=json*',
      token: world.admin.token,
    },
    { name: 'service', path: `/rest/collection/service/${world.serviceId}*` },
    { name: 'media', path: `/rest/media/${world.mediaId}*` },
    { name: 'translations', path: '/rest/collection/translation?namespace=Navigation*' },
    { name: 'project', path: `/rest/collection/project/${project.projectId}*`, token: owner },
    {
      name: 'projects of a person',
      path: `/rest/collection/person/${world.owner.id}*/project`,
      token: owner,
    },
    {
      name: 'person change',
      path: `/rest/collection/person/${world.owner.id}`,
      method: 'PATCH',
      body: { firstname: 'Erika', place: 'Köln', company: 'Firma' },
      token: owner,
    },
    {
      name: 'licence settings',
      path: `/rest/collection/service_licence/${project.licenceId}`,
      method: 'PATCH',
      body: { values: '{"f1":"x"}' },
      token: owner,
    },
    {
      name: 'licence add',
      path: `/rest/collection/project/${project.projectId}*/service_licence/${world.freeServiceId}*`,
      method: 'PUT',
      token: owner,
    },
    {
      name: 'usage ingest',
      path: '/rest/usage/ingest',
      method: 'POST',
      body: { items: [{ licenceKey: project.licenceKey, day: '2026-01-15', count: 3 }] },
      token: INGEST_TOKEN,
    },
    {
      name: 'licence check',
      path: '/rest/usage/licence-check',
      method: 'POST',
      body: { licenceKey: project.licenceKey, host: 'shop.example.com' },
      token: INGEST_TOKEN,
      quick: 'postgres',
    },
    {
      name: 'contact form',
      path: '/rest/collection/contactform/send',
      method: 'POST',
      body: {
        firstname: 'Erika',
        subname: 'Muster',
        email: 'erika@example.com',
        terms: true,
        message: 'Hallo',
      },
    },
  ];
}

describe(`sqlmap (${dialect})`, () => {
  const live = livePortal({ projects: 1 });
  const output = mkdtempSync(join(tmpdir(), 'portal-sqlmap-'));
  afterAll(() => rmSync(output, { recursive: true, force: true }));

  it(
    'finds no injection point at level 3 / risk 2',
    async () => {
      const chosen = targets(live.world, live.projects[0]!).filter((t) => long || t.quick === dialect);
      const findings: string[] = [];
      const started = performance.now();
      for (const target of chosen) {
        const headers = [
          target.token ? `Authorization: Bearer ${target.token}` : '',
          target.body ? 'Content-Type: application/json' : '',
        ].filter(Boolean);
        const args = [
          `-u${live.portal.base}${target.path}`,
          ...(target.method ? [`--method=${target.method}`] : []),
          ...(target.body ? [`--data=${JSON.stringify(target.body)}`] : []),
          ...(headers.length > 0 ? [`--headers=${headers.join('\n')}`] : []),
          '--level=3',
          '--risk=2',
          `--dbms=${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
          '--batch',
          '--flush-session',
          '--skip-waf',
          // Each request from another address, so the per-address limits never hide a route.
          '--tamper=xforwardedfor',
          '--threads=4',
          '--timeout=10',
          '--retries=0',
          '--time-sec=2',
          '--disable-coloring',
          `--output-dir=${output}`,
        ];
        const targetStarted = performance.now();
        const { stdout } = await run('sqlmap', args, {
          timeout: TARGET_SECONDS * 1000,
          maxBuffer: 64 * 1024 * 1024,
        });
        console.log(`sqlmap ${target.name}: ${Math.round((performance.now() - targetStarted) / 1000)} s`);
        const found = stdout
          .split('\n')
          .filter((line) => /identified the following injection point|is vulnerable/i.test(line));
        findings.push(...found.map((line) => `${target.name}: ${line.trim()}`));
        expect(stdout, `sqlmap finished on ${target.name}`).toMatch(
          /do not appear to be injectable|does not seem to be injectable|ending @/,
        );
      }
      printFigures('sqlmap', {
        targets: chosen.length,
        findings: findings.length,
        seconds: Math.round((performance.now() - started) / 1000),
      });
      expect(findings).toEqual([]);
    },
    budget(180_000, 1_200_000),
  );
});
