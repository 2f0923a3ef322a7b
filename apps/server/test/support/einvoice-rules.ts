import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { validateXML } from 'xmllint-wasm';

// Validates a CII invoice with the official rules in ../shared/einvoice (its README): the CII
// XSD (xmllint, as WebAssembly), the EN 16931 business rules and the XRechnung 3.0 rules (both
// as XSLT run in process by SaxonJS). The rules are compiled once into a cache folder under the
// OS temp folder, keyed by the rule files' paths, sizes and times; the compiled files record the
// absolute paths they came from, so they are made here, never shipped.

const require = createRequire(import.meta.url);
const SaxonJS = require('saxon-js') as {
  transform: (
    options: ({ stylesheetFileName: string } | { stylesheetInternal: object }) & {
      sourceText: string;
      destination: 'serialized';
    },
    mode: 'sync',
  ) => { principalResult: string; stylesheetInternal: object };
};
const xslt3 = require.resolve('xslt3/xslt3.js');
const run = promisify(execFile);

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** The rules folder: EINVOICE_RULES_DIR, else ../shared/einvoice beside the repository, else /work/shared/einvoice. */
export function einvoiceRulesDir(): string {
  const candidates = process.env.EINVOICE_RULES_DIR
    ? [resolve(process.env.EINVOICE_RULES_DIR)]
    : [resolve(repoRoot, '../shared/einvoice'), '/work/shared/einvoice'];
  const found = candidates.find((dir) => existsSync(join(dir, 'en16931-cii', 'EN16931-CII-validation.xslt')));
  if (!found) {
    throw new Error(
      `The e-invoice validation rules were not found (looked in ${candidates.join(', ')}). ` +
        'Set EINVOICE_RULES_DIR to the folder holding en16931-cii/, xrechnung/ and schxslt/ (see its README.md).',
    );
  }
  return found;
}

const XSD_DIR = 'en16931-cii/schema/CII/uncefact/data/standard';
const XSD_MAIN = 'CrossIndustryInvoice_100pD16B.xsd';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function cacheKey(dir: string): string {
  const hash = createHash('sha256').update(dir);
  const files = [
    join(dir, 'en16931-cii', 'EN16931-CII-validation.xslt'),
    ...filesUnder(join(dir, 'xrechnung')),
    ...filesUnder(join(dir, 'schxslt')),
  ];
  for (const file of files) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`\n${file}\t${size}\t${mtimeMs}`);
  }
  return hash.digest('hex').slice(0, 16);
}

interface CompiledRules {
  dir: string;
  en16931: string;
  xrechnung: string;
  schemas: { fileName: string; contents: string }[];
}

async function compile(dir: string): Promise<CompiledRules> {
  const out = join(tmpdir(), `portal-einvoice-rules-${cacheKey(dir)}`);
  const en16931 = join(out, 'en16931-cii.sef.json');
  const xrechnung = join(out, 'xrechnung-cii.sef.json');
  if (!existsSync(en16931) || !existsSync(xrechnung)) {
    // Built in a folder of its own, then moved into place: parallel test workers never see half a file.
    const work = `${out}.${process.pid}.${Date.now()}`;
    mkdirSync(work, { recursive: true });
    try {
      const node = process.execPath;
      await Promise.all([
        run(
          node,
          [
            xslt3,
            `-xsl:${join(dir, 'en16931-cii', 'EN16931-CII-validation.xslt')}`,
            `-export:${join(work, 'en16931-cii.sef.json')}`,
            '-nogo',
          ],
          { cwd: dir },
        ),
        (async () => {
          const cii = join(dir, 'xrechnung', 'cii');
          await run(
            node,
            [
              xslt3,
              '-s:XRechnung-CII-validation.sch',
              `-xsl:${join(dir, 'schxslt', 'pipeline-for-svrl.xsl')}`,
              `-o:${join(work, 'xrechnung-cii.xsl')}`,
            ],
            { cwd: cii },
          );
          await run(
            node,
            [
              xslt3,
              `-xsl:${join(work, 'xrechnung-cii.xsl')}`,
              `-export:${join(work, 'xrechnung-cii.sef.json')}`,
              '-nogo',
            ],
            { cwd: work },
          );
        })(),
      ]);
      mkdirSync(out, { recursive: true });
      renameSync(join(work, 'en16931-cii.sef.json'), en16931);
      renameSync(join(work, 'xrechnung-cii.sef.json'), xrechnung);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const xsdDir = join(dir, XSD_DIR);
  const schemas = readdirSync(xsdDir)
    .filter((name) => name.endsWith('.xsd'))
    .sort((a, b) => (a === XSD_MAIN ? -1 : b === XSD_MAIN ? 1 : a.localeCompare(b)))
    .map((name) => ({ fileName: name, contents: readFileSync(join(xsdDir, name), 'utf8') }));
  return { dir, en16931, xrechnung, schemas };
}

let rules: Promise<CompiledRules> | undefined;

/** Finds and compiles the rules (once per test worker; the compiled files are cached across runs). */
export function einvoiceRules(): Promise<CompiledRules> {
  rules ??= Promise.resolve().then(() => compile(einvoiceRulesDir()));
  return rules;
}

export interface RuleFailure {
  id: string;
  flag: string;
  text: string;
}

const attribute = (attributes: string, name: string): string =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '';

/** The failed asserts of flag fatal or error in an SVRL report. */
export function svrlErrors(svrl: string): RuleFailure[] {
  const failures: RuleFailure[] = [];
  for (const match of svrl.matchAll(
    /<(?:\w+:)?failed-assert\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?failed-assert>/g,
  )) {
    const flag = attribute(match[1]!, 'flag');
    if (flag !== 'fatal' && flag !== 'error') continue;
    const text = (/<(?:\w+:)?text\b[^>]*>([\s\S]*?)<\/(?:\w+:)?text>/.exec(match[2]!)?.[1] ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    failures.push({ id: attribute(match[1]!, 'id'), flag, text });
  }
  return failures;
}

// A compiled stylesheet is read once and kept (the EN 16931 one is 5 MB of JSON).
const loaded = new Map<string, object>();

function transform(stylesheetFileName: string, sourceText: string): string {
  const internal = loaded.get(stylesheetFileName);
  const source = internal ? { stylesheetInternal: internal } : { stylesheetFileName };
  const result = SaxonJS.transform({ ...source, sourceText, destination: 'serialized' }, 'sync');
  if (!internal) loaded.set(stylesheetFileName, result.stylesheetInternal);
  return result.principalResult;
}

export interface EinvoiceReport {
  xsd: string[];
  en16931: RuleFailure[];
  xrechnung: RuleFailure[];
}

/** Checks one CII XML against the XSD, EN 16931 and XRechnung; lists every error found. */
export async function validateCiiXml(xml: string): Promise<EinvoiceReport> {
  const { en16931, xrechnung, schemas } = await einvoiceRules();
  const [main, ...preload] = schemas;
  const xsd = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [main!],
    preload,
  });
  const svrl = (stylesheetFileName: string) => svrlErrors(transform(stylesheetFileName, xml));
  return {
    xsd: xsd.errors.map((e) => e.message.trim()),
    en16931: svrl(en16931),
    xrechnung: svrl(xrechnung),
  };
}

/** A report as readable lines ("" when there is nothing wrong), for assertion messages. */
export function describeReport(report: EinvoiceReport, only?: 'en16931' | 'xrechnung'): string {
  const lines = [
    ...report.xsd.map((message) => `XSD: ${message}`),
    ...(only === 'xrechnung' ? [] : report.en16931).map((f) => `EN 16931 ${f.id} (${f.flag}): ${f.text}`),
    ...(only === 'en16931' ? [] : report.xrechnung).map((f) => `XRechnung ${f.id} (${f.flag}): ${f.text}`),
  ];
  return lines.join('\n');
}
