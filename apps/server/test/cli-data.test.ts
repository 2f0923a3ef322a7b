import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/seed/prepare-database.js';
import { readShippedTranslations } from '../src/modules/translation/shipped-translations.js';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database.js';
import { SqliteDatabase } from '../src/db/sqlite-driver.js';
import { newId, newLicenceKey } from '../src/lib/ids.js';
import { insertLicence } from '../src/modules/licence/licence.repository.js';
import { insertProject } from '../src/modules/project/project.repository.js';
import { countRows, createPerson, createService, dialect, png, snapshot } from './helper.js';
import { baseEnv, buildServer, freePort, runProgram, type BuiltServer } from './support/built-server.js';
import { createServerDatabase, type ServerDatabase } from './support/server-database.js';

// The data commands of `portal` (catalogue, texts, usage, backup) as an operator runs them:
// the built dist/cli.js as a child process, on databases of their own.

const bilingual = (de: string, en: string) => ({ de, en });

function serviceJson(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    category: 'captcha',
    name: bilingual(`Dienst ${id}`, `Service ${id}`),
    descriptionShort: bilingual('Kurz', 'Short'),
    description: bilingual('<p>Beschreibung</p>', '<p>Description</p>'),
    accounting: 'request',
    pricePer1000CallsCents: 150,
    monthlyFeeCents: 0,
    singlePaymentCents: 0,
    demoHref: 'https://demo.example.com/',
    dataCopyright: null,
    dataLastUpdate: '2026-01-15',
    integrationCode: {
      type: 'html',
      template: '<script data-key="{{licenceKey}}"></script>',
      backendTemplate: null,
    },
    settingsForm: [
      {
        id: 'main',
        label: bilingual('Einstellungen', 'Settings'),
        fields: [{ id: 'colour', name: bilingual('Farbe', 'Colour'), fieldType: 'text' }],
      },
    ],
    logo: 'logo.png',
    thumbnail: null,
    gallery: [
      { name: bilingual('Bild eins', 'Picture one'), image: 'one.png' },
      { name: bilingual('Bild zwei', 'Picture two'), image: 'two.png' },
    ],
    ...overrides,
  };
}

/** Writes a small catalogue folder as an operator would prepare it. */
async function writeCatalogue(dir: string): Promise<void> {
  for (const [index, id] of ['alphaService', 'betaService'].entries()) {
    const folder = join(dir, 'services', id);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'service.json'), JSON.stringify(serviceJson(id), null, 2));
    writeFileSync(join(folder, 'logo.png'), await png(300, 300, `#3355a${index}`));
    writeFileSync(join(folder, 'one.png'), await png(1600, 1000, `#aa553${index}`));
    writeFileSync(join(folder, 'two.png'), await png(800, 600, `#33aa5${index}`));
  }
  const pack = join(dir, 'price-packages', 'starter');
  mkdirSync(pack, { recursive: true });
  writeFileSync(
    join(pack, 'package.json'),
    JSON.stringify({
      id: 'starter',
      name: bilingual('Start', 'Starter'),
      description: bilingual('Für den Anfang', 'To begin with'),
      grossMonthlyCents: 990,
      callsPerMonth: 10000,
      sortOrder: 1,
      image: 'image.png',
    }),
  );
  writeFileSync(join(pack, 'image.png'), await png(256, 256, '#888888'));
  mkdirSync(join(dir, 'legal-pages'), { recursive: true });
  writeFileSync(
    join(dir, 'legal-pages', 'impressum.json'),
    JSON.stringify({
      id: 'impressum',
      internerName: 'impressum',
      title: bilingual('Impressum', 'Imprint'),
      html: bilingual('<p>Anbieter</p>', '<p>Provider</p>'),
    }),
  );
}

/** A project of `ownerId` with one licence, through the repositories; answers the licence. */
async function createProjectWithLicence(db: Kysely<Database>, ownerId: string) {
  const now = new Date().toISOString();
  const projectId = newId();
  await insertProject(db, {
    id: projectId,
    ownerId,
    name: 'Shop',
    description: '',
    domainsProduction: [],
    domainsSandbox: [],
    now,
  });
  const licence = {
    id: newId(),
    projectId,
    serviceId: await createService(db),
    licenceKey: newLicenceKey(),
    now,
  };
  await insertLicence(db, licence);
  return { licenceId: licence.id, licenceKey: licence.licenceKey };
}

/** Every JSON file of an export, by path (the images are compared by their dimensions). */
function exportedJson(dir: string): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json'))
        files[path.slice(dir.length)] = JSON.parse(readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

describe('portal command line: catalogue, texts, usage, backup', () => {
  let built: BuiltServer;
  let database: ServerDatabase;
  let work: string;
  const portal = (args: string[], env: Record<string, string> = {}) =>
    runProgram([built.cli, ...args], { env: { DATABASE_URL: database.url, ...env } });

  beforeAll(async () => {
    built = buildServer();
    database = await createServerDatabase();
    work = mkdtempSync(join(tmpdir(), 'portal-cli-data-'));
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(work, { recursive: true, force: true });
    built.remove();
  });

  describe('catalogue', () => {
    it('imports a catalogue folder, reports per item, and a second import changes nothing', async () => {
      const source = join(work, 'catalogue-source');
      await writeCatalogue(source);
      const first = await portal(['catalogue:import', source]);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('service alphaService: created');
      expect(first.stdout).toContain('price package starter: created');
      expect(first.stdout).toContain('legal page impressum: created');
      const gallery = await database.db
        .selectFrom('serviceImage')
        .selectAll()
        .where('serviceId', '=', 'alphaService')
        .orderBy('position')
        .execute();
      expect(gallery.map((g) => g.nameEn)).toEqual(['Picture one', 'Picture two']);
      // Re-encoded as WebP at the gallery widths.
      const largest = await database.db
        .selectFrom('media')
        .select(['contentType', 'width', 'height'])
        .where('id', '=', gallery[0]?.xlgMediaId ?? '')
        .executeTakeFirstOrThrow();
      expect(largest).toEqual({ contentType: 'image/webp', width: 1401, height: 876 });

      const before = await snapshot(database.db);
      const media = await countRows(database.db, 'media');
      const second = await portal(['catalogue:import', source]);
      expect(second.code).toBe(0);
      expect(second.stdout).not.toMatch(/: (created|updated)$/m);
      expect(second.stdout).toContain('Imported 4 items (0 created or updated); 0 unused images removed');
      expect(await snapshot(database.db)).toBe(before);
      expect(await countRows(database.db, 'media')).toBe(media);
    });

    it('exports a catalogue that, imported into an empty database, gives the same catalogue', async () => {
      const exported = join(work, 'export-a');
      expect((await portal(['catalogue:export', exported])).stdout).toBe(
        `Exported 2 services, 1 price packages and 1 legal pages to ${exported}\n`,
      );
      expect(readdirSync(join(exported, 'services', 'alphaService')).sort()).toEqual([
        'gallery-1.webp',
        'gallery-2.webp',
        'logo.webp',
        'service.json',
      ]);

      const empty = await createServerDatabase();
      try {
        const imported = await runProgram([built.cli, 'catalogue:import', exported], {
          env: { DATABASE_URL: empty.url },
        });
        expect(imported.code).toBe(0);
        const again = join(work, 'export-b');
        await runProgram([built.cli, 'catalogue:export', again], { env: { DATABASE_URL: empty.url } });
        expect(exportedJson(again)).toEqual(exportedJson(exported));
        for (const image of [
          'services/alphaService/gallery-1.webp',
          'services/betaService/logo.webp',
          'price-packages/starter/image.webp',
        ]) {
          const [a, b] = await Promise.all([
            sharp(join(exported, image)).metadata(),
            sharp(join(again, image)).metadata(),
          ]);
          expect([b.width, b.height]).toEqual([a.width, a.height]);
        }
      } finally {
        await empty.destroy();
      }
      // An export imported where it came from changes nothing, images included.
      const back = await portal(['catalogue:import', exported]);
      expect(back.stdout).toContain('(0 created or updated); 0 unused images removed');
    });

    it('updates an item by id and removes the images nothing uses any more', async () => {
      const exported = join(work, 'export-a');
      const file = join(exported, 'services', 'betaService', 'service.json');
      const service = JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof serviceJson>;
      writeFileSync(
        file,
        JSON.stringify({ ...service, pricePer1000CallsCents: 275, gallery: service.gallery.slice(0, 1) }),
      );
      const run = await portal(['catalogue:import', exported]);
      expect(run.stdout).toContain('service betaService: updated');
      expect(run.stdout).toContain('service alphaService: unchanged');
      expect(run.stdout).toContain('5 unused images removed');
      const row = await database.db
        .selectFrom('service')
        .select('pricePer1000Calls')
        .where('id', '=', 'betaService')
        .executeTakeFirstOrThrow();
      expect(row.pricePer1000Calls).toBe(275);
      expect(
        await database.db
          .selectFrom('serviceImage')
          .select('id')
          .where('serviceId', '=', 'betaService')
          .execute(),
      ).toHaveLength(1);
    });

    it('checks everything before writing: one bad item, and nothing is imported', async () => {
      const bad = join(work, 'catalogue-bad');
      await writeCatalogue(bad);
      const folder = join(bad, 'services', 'alphaService');
      writeFileSync(
        join(folder, 'service.json'),
        JSON.stringify(serviceJson('alphaService', { pricePer1000CallsCents: 999 })),
      );
      writeFileSync(
        join(bad, 'services', 'betaService', 'service.json'),
        JSON.stringify(serviceJson('betaService', { accounting: 'yearly' })),
      );
      mkdirSync(join(bad, 'services', 'gammaService'));
      writeFileSync(
        join(bad, 'services', 'gammaService', 'service.json'),
        JSON.stringify(serviceJson('gammaService', { logo: 'missing.png' })),
      );
      const before = await snapshot(database.db);
      const run = await portal(['catalogue:import', bad]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('betaService/service.json: accounting:');
      expect(run.stdout).toContain('gammaService/service.json: image file missing.png is missing');
      expect(run.stderr).toMatch(/^portal catalogue:import: \d+ problems found, nothing was imported\n$/);
      expect(await snapshot(database.db)).toBe(before);

      // An image that cannot be decoded is found before anything is written, too.
      rmSync(join(bad, 'services', 'gammaService'), { recursive: true });
      writeFileSync(
        join(bad, 'services', 'betaService', 'service.json'),
        JSON.stringify(serviceJson('betaService')),
      );
      writeFileSync(join(folder, 'one.png'), 'this is not a picture');
      const broken = await portal(['catalogue:import', bad]);
      expect(broken.code).toBe(1);
      expect(broken.stdout).toContain('one.png cannot be read as an image');
      expect(await snapshot(database.db)).toBe(before);
    });
  });

  describe('translations', () => {
    it('exports one file per namespace with de and en', async () => {
      await prepareDatabase(database.db, {
        dialect,
        production: false,
        demo: false,
        now: new Date(),
        log: () => undefined,
      });
      const dir = join(work, 'texts');
      const run = await portal(['translations:export', dir]);
      expect(run.code).toBe(0);
      const shipped = readShippedTranslations();
      const namespaces = [...new Set(shipped.map((t) => t.namespace))].sort();
      expect(readdirSync(dir).sort()).toEqual(namespaces.map((n) => `${n}.json`));
      const first = shipped[0];
      if (!first) throw new Error('no shipped texts');
      const file = JSON.parse(readFileSync(join(dir, `${first.namespace}.json`), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(file[first.id]).toEqual({ de: first.de, en: first.en });
    });

    it('imports edited texts, reports missing languages and unknown keys, and keeps the edits across a restart', async () => {
      const shipped = readShippedTranslations();
      const [edited, halfDone, untouched] = shipped;
      if (!edited || !halfDone || !untouched) throw new Error('too few shipped texts');
      const dir = join(work, 'texts-edit');
      mkdirSync(dir);
      const files: Record<string, Record<string, { de?: string; en?: string }>> = {};
      const add = (namespace: string, id: string, text: { de?: string; en?: string }) => {
        files[namespace] = { ...files[namespace], [id]: text };
      };
      add(edited.namespace, edited.id, { de: 'Vom Betreiber', en: 'By the operator' });
      add(halfDone.namespace, halfDone.id, { de: 'Nur deutsch' });
      add(untouched.namespace, untouched.id, { de: untouched.de, en: untouched.en });
      add(untouched.namespace, 'noSuchKey', { de: 'x', en: 'y' });
      for (const [namespace, texts] of Object.entries(files))
        writeFileSync(join(dir, `${namespace}.json`), JSON.stringify(texts));

      const run = await portal(['translations:import', dir]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('1 changed, 1 unchanged; 1 differ from the shipped texts');
      expect(run.stdout).toContain(`missing en: ${halfDone.namespace}.${halfDone.id} (kept as it was)`);
      expect(run.stdout).toContain(`unknown key: ${untouched.namespace}.noSuchKey (skipped)`);
      expect(run.stderr).toBe('portal translations:import: 2 keys were not imported (listed above)\n');

      // The next start loads the release's texts again, except the operator's.
      await prepareDatabase(database.db, {
        dialect,
        production: false,
        demo: false,
        now: new Date(),
        log: () => undefined,
      });
      const text = (namespace: string, id: string) =>
        database.db
          .selectFrom('translation')
          .select(['de', 'en'])
          .where('namespace', '=', namespace)
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      expect(await text(edited.namespace, edited.id)).toEqual({ de: 'Vom Betreiber', en: 'By the operator' });
      expect(await text(halfDone.namespace, halfDone.id)).toEqual({ de: halfDone.de, en: halfDone.en });
    });

    it('refuses a file of an unknown namespace before writing anything', async () => {
      const dir = join(work, 'texts-unknown');
      mkdirSync(dir);
      const [first] = readShippedTranslations();
      if (!first) throw new Error('no shipped texts');
      writeFileSync(
        join(dir, `${first.namespace}.json`),
        JSON.stringify({ [first.id]: { de: 'Neu', en: 'New' } }),
      );
      writeFileSync(join(dir, 'Invented.json'), JSON.stringify({ a: { de: 'x', en: 'y' } }));
      const before = await snapshot(database.db);
      const run = await portal(['translations:import', dir]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^Invented\.json: unknown namespace \(known: /);
      expect(await snapshot(database.db)).toBe(before);
    });
  });

  describe('usage', () => {
    it('imports daily counts with the ingest semantics and reports unknown keys and bad lines by line number', async () => {
      const owner = await createPerson(database.db);
      const { licenceId, licenceKey } = await createProjectWithLicence(database.db, owner.id);
      const file = join(work, 'usage.csv');
      writeFileSync(
        file,
        [
          'licenceKey,day,count',
          `${licenceKey},2026-03-01,100`,
          `${licenceKey},2026-03-02,200`,
          'lk_unknown,2026-03-01,5',
          `${licenceKey},2026-02-30,1`,
          `${licenceKey},2026-03-03,-4`,
          `${licenceKey},2026-03-03`,
          `"${licenceKey}","2026-03-01","150"`, // a later line for the same day wins
          '',
        ].join('\r\n'),
      );
      const run = await portal(['usage:import', file]);
      expect(run.code).toBe(1);
      expect(run.stdout.split('\n')).toEqual([
        'Read 8 lines: 3 counts stored, 4 lines not stored',
        'line 4: unknown licence key lk_unknown (1 lines)',
        'line 5: day "2026-02-30" is not a day between 2000-01-01 and 2100-12-31',
        'line 6: count "-4" is not a whole number',
        'line 7: expected 3 fields (licenceKey,day,count), found 2',
        '',
      ]);
      const usage = () =>
        database.db
          .selectFrom('usageDaily')
          .select(['day', 'count'])
          .where('licenceId', '=', licenceId)
          .orderBy('day')
          .execute();
      const stored = [
        { day: '2026-03-01', count: 150 },
        { day: '2026-03-02', count: 200 },
      ];
      expect(await usage()).toEqual(stored);
      await portal(['usage:import', file]);
      expect(await usage()).toEqual(stored); // absolute counts: importing again changes nothing
    });

    // A big file streams through in batches. The heap allowed here (32 MB) is less than the
    // lines alone would take if the file were read whole and split (about 40 MB for 200,000
    // lines), so this fails unless the import streams. 1,000,000 lines take the same memory.
    it.runIf(dialect === 'sqlite')(
      'imports a large file in bounded memory',
      async () => {
        const lineCount = 200_000;
        const owner = await createPerson(database.db);
        const keys = await Promise.all(
          Array.from({ length: 20 }, () => createProjectWithLicence(database.db, owner.id)),
        );
        const file = join(work, 'large.csv');
        const lines: string[] = [];
        const start = Date.UTC(2000, 0, 1);
        for (let i = 0; i < lineCount; i++) {
          const day = new Date(start + Math.floor(i / keys.length) * 86_400_000).toISOString().slice(0, 10);
          lines.push(`${keys[i % keys.length]?.licenceKey},${day},${i % 1000}`);
        }
        writeFileSync(file, `${lines.join('\n')}\n`);
        const before = await countRows(database.db, 'usageDaily');
        const run = await runProgram(['--max-old-space-size=32', built.cli, 'usage:import', file], {
          env: { DATABASE_URL: database.url },
          timeoutMs: 90_000,
        });
        expect(run.stderr).toBe('');
        expect(run.stdout).toBe(`Read ${lineCount} lines: ${lineCount} counts stored, 0 lines not stored\n`);
        expect(await countRows(database.db, 'usageDaily')).toBe(before + lineCount);
      },
      120_000,
    );
  });

  describe('backup', () => {
    it.runIf(dialect === 'sqlite')('writes a consistent copy while the server runs and writes', async () => {
      const person = await createPerson(database.db, { email: 'in-the-backup@example.com' });
      const port = await freePort();
      const server = spawn(process.execPath, [built.main], {
        env: {
          ...baseEnv(),
          DATABASE_URL: database.url,
          PORT: String(port),
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          PORTAL_DEMO: '0',
        },
      });
      try {
        await waitForReady(`http://127.0.0.1:${port}`);
        const target = join(work, 'backup.sqlite');
        const signIns = Array.from({ length: 20 }, () =>
          fetch(`http://127.0.0.1:${port}/rest/auth`, {
            method: 'POST',
            headers: {
              authorization: `Basic ${Buffer.from(`${person.email}:${person.password}`).toString('base64')}`,
            },
          }),
        );
        const run = await portal(['backup', target]);
        await Promise.all(signIns);
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(/^Backup written to .*backup\.sqlite \(\d+ bytes\)\n$/);
        const copy = new SqliteDatabase(target, { readonly: true });
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.prepare('select email from person where id = ?').get(person.id)).toEqual({
          email: person.email,
        });
        copy.close();
        const again = await portal(['backup', target]);
        expect(again.code).toBe(2);
        expect(again.stderr).toContain('exists: choose a new file name');
      } finally {
        server.kill('SIGTERM');
      }
    });

    it.runIf(dialect === 'postgres')(
      'names the pg_dump line to use on PostgreSQL, without the password',
      async () => {
        const url = new URL(database.url);
        url.password = 'secret-password';
        const run = await portal(['backup', '/srv/backup.dump'], { DATABASE_URL: url.toString() });
        expect(run.code).toBe(1);
        expect(run.stdout).toMatch(
          /^pg_dump --format=custom --file="\/srv\/backup\.dump" "postgres:\/\/.*"\n$/,
        );
        expect(run.stdout).not.toContain('secret-password');
        expect(run.stderr).toBe('portal backup: PostgreSQL is backed up with pg_dump: run the line above\n');
      },
    );
  });
});

async function waitForReady(base: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ready = await fetch(`${base}/rest/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become ready');
}
