import { extname, join } from 'node:path';
import { writeFileSync } from 'node:fs';
import type { CatalogueItemSource, CatalogueSource } from '../../modules/catalogue/catalogue-files.js';
import { exportCatalogue } from '../../modules/catalogue/catalogue-export.service.js';
import { importCatalogue } from '../../modules/catalogue/catalogue-import.service.js';
import { announceCatalogueChange } from '../change-notice.js';
import { CliError, type Command } from '../command.js';
import { withDatabase } from '../database.js';
import { ensureFolder, entries, readBytes, readJson, requireFolder, writeJson } from './files.js';

const IMAGE_EXTENSIONS = new Set(['.webp', '.png', '.jpg', '.jpeg', '.svg']);

const layout = [
  'Layout of DIR:',
  '  services/<id>/service.json        a service; its images (logo, thumbnail, gallery) beside it',
  '  price-packages/<id>/package.json  a price package; its image beside it',
  '  legal-pages/<name>.json           a legal page',
  'Prices are in euro cents. Texts come in de and en; descriptions and legal pages are HTML.',
];

const catalogueExport: Command = {
  name: 'catalogue:export',
  summary:
    'Writes the catalogue (services, price packages, legal pages, images) to DIR as JSON and image files.',
  positionals: ['DIR'],
  options: {},
  notes: layout,
  async run(invocation) {
    const dir = invocation.positionals[0] ?? '';
    const catalogue = await withDatabase(invocation, ({ db }) => exportCatalogue(db));
    const writeItem = (folder: string, name: string, file: unknown, images: Map<string, Buffer>): void => {
      ensureFolder(folder);
      writeJson(join(folder, name), file);
      for (const [image, bytes] of images) writeFileSync(join(folder, image), bytes);
    };
    for (const { file, images } of catalogue.services)
      writeItem(join(dir, 'services', file.id), 'service.json', file, images);
    for (const { file, images } of catalogue.pricePackages) {
      writeItem(join(dir, 'price-packages', file.id), 'package.json', file, images);
    }
    ensureFolder(join(dir, 'legal-pages'));
    for (const page of catalogue.legalPages)
      writeJson(join(dir, 'legal-pages', `${page.internerName}.json`), page);
    invocation.print(
      `Exported ${catalogue.services.length} services, ${catalogue.pricePackages.length} price packages and ` +
        `${catalogue.legalPages.length} legal pages to ${dir}`,
    );
  },
};

/** Every `<kind>/<id>/<jsonName>` item with the images of its folder. */
function readItems(dir: string, jsonName: string): CatalogueItemSource[] {
  return entries(dir).flatMap((name) => {
    const folder = join(dir, name);
    const jsonPath = join(folder, jsonName);
    if (!entries(folder).includes(jsonName)) return [];
    const images = new Map<string, Buffer>();
    for (const file of entries(folder)) {
      if (IMAGE_EXTENSIONS.has(extname(file).toLowerCase())) images.set(file, readBytes(join(folder, file)));
    }
    return [{ path: jsonPath, json: readJson(jsonPath), images }];
  });
}

function readCatalogue(dir: string): CatalogueSource {
  const legalDir = join(dir, 'legal-pages');
  return {
    services: readItems(join(dir, 'services'), 'service.json'),
    pricePackages: readItems(join(dir, 'price-packages'), 'package.json'),
    legalPages: entries(legalDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ path: join(legalDir, f), json: readJson(join(legalDir, f)), images: new Map() })),
  };
}

const catalogueImport: Command = {
  name: 'catalogue:import',
  summary:
    'Reads a catalogue from DIR (as catalogue:export writes it) and creates or updates its items by id.',
  positionals: ['DIR'],
  options: {},
  notes: [
    ...layout,
    'Everything is checked and every image encoded before anything is written; one problem, and nothing',
    'is. Importing the same folder again changes nothing. Items not in DIR are left as they are.',
  ],
  async run(invocation) {
    const dir = invocation.positionals[0] ?? '';
    requireFolder(dir);
    const source = readCatalogue(dir);
    const count = source.services.length + source.pricePackages.length + source.legalPages.length;
    if (count === 0)
      throw new CliError(`${dir} holds no catalogue items (portal catalogue:import --help shows the layout)`);
    const report = await withDatabase(invocation, ({ db }) =>
      importCatalogue(db, source, invocation.clock.now()),
    );
    if (report.problems.length > 0) {
      for (const problem of report.problems) invocation.print(problem);
      throw new CliError(`${report.problems.length} problems found, nothing was imported`);
    }
    for (const { item, outcome } of report.items) invocation.print(`${item}: ${outcome}`);
    const changed = report.items.filter((i) => i.outcome !== 'unchanged').length;
    if (changed > 0 || report.removedImages > 0) {
      const warning = await announceCatalogueChange(invocation.config().redisUrl);
      if (warning) invocation.io.stderr.write(`portal catalogue:import: ${warning}\n`);
    }
    invocation.print(
      `Imported ${report.items.length} items (${changed} created or updated); ${report.removedImages} unused images removed`,
    );
  },
};

export const catalogueCommands: Command[] = [catalogueExport, catalogueImport];
