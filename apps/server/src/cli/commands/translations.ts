import { join } from 'node:path';
import {
  exportTranslations,
  importTranslations,
} from '../../modules/translation/translation-files.service.js';
import { CliError, type Command } from '../command.js';
import { withDatabase } from '../database.js';
import { ensureFolder, entries, readJson, requireFolder, writeJson } from './files.js';

const translationsExport: Command = {
  name: 'translations:export',
  summary: 'Writes every text of the interface to DIR, one JSON file per namespace with de and en.',
  positionals: ['DIR'],
  options: {},
  notes: [
    'Format of each file: { "<key>": { "de": "…", "en": "…" } }, the format the portal ships its texts in.',
  ],
  async run(invocation) {
    const dir = invocation.positionals[0] ?? '';
    const byNamespace = await withDatabase(invocation, ({ db }) => exportTranslations(db));
    ensureFolder(dir);
    for (const [namespace, texts] of byNamespace) writeJson(join(dir, `${namespace}.json`), texts);
    const keys = [...byNamespace.values()].reduce((sum, texts) => sum + Object.keys(texts).length, 0);
    invocation.print(`Exported ${keys} texts in ${byNamespace.size} namespaces to ${dir}`);
  },
};

const translationsImport: Command = {
  name: 'translations:import',
  summary: 'Reads texts from DIR (as translations:export writes them) and stores them.',
  positionals: ['DIR'],
  options: {},
  notes: [
    'A file of an unknown namespace stops the import before anything is written. A key without de or',
    'en is reported and keeps its text; keys the portal does not know are reported and skipped.',
    'Texts that differ from the shipped ones are kept when a new release starts (customised).',
  ],
  async run(invocation) {
    const dir = invocation.positionals[0] ?? '';
    requireFolder(dir);
    const files = new Map<string, unknown>();
    for (const file of entries(dir).filter((f) => f.endsWith('.json'))) {
      files.set(file.slice(0, -'.json'.length), readJson(join(dir, file)));
    }
    if (files.size === 0) throw new CliError(`${dir} holds no .json files`);
    const report = await withDatabase(invocation, ({ db }) => importTranslations(db, files));
    if (report.problems.length > 0) {
      for (const problem of report.problems) invocation.print(problem);
      throw new CliError(`${report.problems.length} problems found, nothing was imported`);
    }
    invocation.print(
      `Imported texts: ${report.changed} changed, ${report.unchanged} unchanged; ` +
        `${report.customised} differ from the shipped texts`,
    );
    for (const { key, language } of report.missing)
      invocation.print(`missing ${language}: ${key} (kept as it was)`);
    for (const key of report.unknownKeys) invocation.print(`unknown key: ${key} (skipped)`);
    const skipped = new Set(report.missing.map((m) => m.key)).size + report.unknownKeys.length;
    if (skipped > 0) throw new CliError(`${skipped} keys were not imported (listed above)`);
  },
};

export const translationCommands: Command[] = [translationsExport, translationsImport];
