import SwaggerParser from '@apidevtools/swagger-parser';
import { parseDocument } from 'yaml';
import {
  API_DOCUMENT_LIMITS as L,
  OPENAPI_METHODS,
  type OpenApiDocument,
} from '@portal/contract/service-api';
import { HttpError } from '../../lib/http-error.js';
import type { FieldProblem } from '../../lib/error-messages.js';

// Reading an OpenAPI document an admin uploads (docs/security.md#api-reference-documents): text
// of at most 2 MB, JSON or YAML (aliases bounded), nesting bounded, every $ref inside the
// document (a reference to a URL or a file is refused before the parser sees it, and the parser
// runs with external resolution off, so nothing is ever fetched or read), validated against the
// OpenAPI 3.0/3.1 schema, then dereferenced with a bound on what references can multiply.

/** Which field of the request a document came in (the refusal names it). */
export type DocumentField = 'document' | 'documentEn';

export interface OperationSummary {
  method: string;
  path: string;
  summary: string;
  /** The operation with its path's parameters, as JSON: equal text, unchanged operation. */
  fingerprint: string;
}

/** What is kept of a document that passed (plain data: it crosses from the reading thread). */
export interface ReadDocument {
  /** The document with internal references replaced, as JSON text. */
  json: string;
  title: string;
  openapi: string;
  operations: OperationSummary[];
  /** The https origins of its servers. */
  serverOrigins: string[];
}

/** Nodes (objects, arrays, values) walked at most while checking a document before it is parsed further. */
const MAX_NODES = 2_000_000;
/** Longest problem text passed on (a validator may quote large parts of the document). */
const PROBLEM_LENGTH = 300;

const refuse = (field: DocumentField, problem: FieldProblem, problems: readonly string[]): HttpError =>
  new HttpError(
    400,
    'validation',
    { [field]: problem },
    undefined,
    problems
      .slice(0, L.problems)
      .map((p) => (p.length > PROBLEM_LENGTH ? `${p.slice(0, PROBLEM_LENGTH)}…` : p)),
  );

/** JSON Pointer of a path of keys (RFC 6901), as validators and the refusals name places. */
const pointer = (keys: readonly (string | number)[]): string =>
  `#/${keys.map((k) => String(k).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/** JSON (a text that starts with `{`) or YAML 1.2, without custom tags, aliases bounded. */
function parseText(text: string, field: DocumentField): unknown {
  if (Buffer.byteLength(text, 'utf8') > L.documentBytes) {
    throw new HttpError(413, 'payloadTooLarge', { [field]: 'tooLong' });
  }
  if (text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw refuse(field, 'notOpenApi', [`JSON: ${(error as Error).message}`]);
    }
  }
  const parsed = parseDocument(text, { uniqueKeys: true, prettyErrors: false, version: '1.2' });
  if (parsed.errors.length > 0) {
    throw refuse(
      field,
      'notOpenApi',
      parsed.errors.map((e) => `YAML ${e.linePos?.[0] ? `line ${e.linePos[0].line}` : ''}: ${e.message}`),
    );
  }
  try {
    return parsed.toJS({ maxAliasCount: L.yamlAliases }) as unknown;
  } catch (error) {
    // An alias bomb ("Excessive alias count") or an alias to an unknown anchor.
    throw refuse(field, 'notOpenApi', [`YAML: ${(error as Error).message}`]);
  }
}

/**
 * Walks the parsed value without recursion: nesting and size bounded, no `__proto__` key, and
 * every `$ref` pointing inside the document (`#…`). External references are collected and
 * refused together.
 */
function checkStructure(value: unknown, field: DocumentField): void {
  const stack: Array<{ value: unknown; keys: Array<string | number> }> = [{ value, keys: [] }];
  const external: string[] = [];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: node, keys } = stack.pop() as { value: unknown; keys: Array<string | number> };
    if (++nodes > MAX_NODES) throw refuse(field, 'notOpenApi', ['the document has too many values']);
    if (node === null || typeof node !== 'object') continue;
    if (keys.length > L.depth) {
      throw refuse(field, 'notOpenApi', [`nested deeper than ${L.depth} levels: ${pointer(keys)}`]);
    }
    if (Array.isArray(node)) {
      node.forEach((item: unknown, index) => stack.push({ value: item, keys: [...keys, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(node)) {
      if (key === '__proto__') throw refuse(field, 'notOpenApi', [`${pointer(keys)}: a key named __proto__`]);
      if (key === '$ref' && typeof item === 'string' && !item.startsWith('#')) {
        external.push(`${pointer([...keys, key])}: ${item}`);
        continue;
      }
      stack.push({ value: item, keys: [...keys, key] });
    }
  }
  if (external.length > 0) throw refuse(field, 'externalRef', external);
}

const OPENAPI_VERSION = /^3\.[01]\.\d+$/;

/** What the OpenAPI schema does not say but the portal relies on: 3.0/3.1, servers it can link. */
function checkPortalRules(document: Record<string, unknown>, field: DocumentField): void {
  const problems: string[] = [];
  if (typeof document.openapi !== 'string' || !OPENAPI_VERSION.test(document.openapi)) {
    problems.push('#/openapi: only OpenAPI 3.0.x and 3.1.x documents are accepted');
  }
  const servers = Array.isArray(document.servers) ? (document.servers as unknown[]) : [];
  if (servers.length > L.servers) problems.push(`#/servers: at most ${L.servers} servers`);
  servers.forEach((server, index) => {
    const url = (server as { url?: unknown } | null)?.url;
    if (typeof url !== 'string') return; // the schema check names it
    const plain = url.replace(/\{[^}]*\}/g, 'x');
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(plain);
    if (absolute && !/^https?:\/\//i.test(plain)) {
      problems.push(`#/servers/${index}/url: only http and https addresses (or a path) can be used`);
    }
  });
  if (problems.length > 0) throw refuse(field, 'notOpenApi', problems);
}

/** The value a local reference (`#/components/schemas/A`) points at, or undefined. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * About how large the document becomes once every reference is replaced, worked out per object
 * once (so a reference bomb costs no more than the document's size) and refused past the limit
 * before the parser expands anything: its dereferencing walks every expanded path.
 * A reference that leads back into itself counts once (it stays a $ref).
 */
function checkExpandedSize(root: unknown, field: DocumentField): void {
  const limit = L.dereferencedBytes;
  const sizes = new Map<object, number>();
  const inProgress = new Set<object>();
  const tooLarge = () =>
    refuse(field, 'notOpenApi', [
      `with its references replaced the document exceeds ${limit / 1024 / 1024} MB`,
    ]);
  const sizeOf = (node: unknown): number => {
    if (typeof node === 'string') return node.length + 2;
    if (node === null || typeof node !== 'object') return 8;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (inProgress.has(node)) return 8; // a cycle: stays a $ref
    // References chained through references are bounded by the depth rule's stack, not by this.
    if (inProgress.size > 10 * L.depth) throw refuse(field, 'notOpenApi', ['references nested too deeply']);
    inProgress.add(node);
    let size = 2;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') size += sizeOf(resolvePointer(root, ref));
    else {
      for (const [key, item] of Object.entries(node)) {
        size += key.length + 4 + sizeOf(item);
        if (size > limit) throw tooLarge();
      }
    }
    inProgress.delete(node);
    if (size > limit) throw tooLarge();
    sizes.set(node, size);
    return size;
  };
  sizeOf(root);
}

/** Validation and dereferencing by the parser, offline: it resolves only `#…` references. */
async function validateAndDereference(document: Record<string, unknown>, field: DocumentField) {
  try {
    return (await SwaggerParser.validate(document as never, {
      resolve: { external: false },
      dereference: { circular: 'ignore' },
    })) as unknown as OpenApiDocument;
  } catch (error) {
    const details = (error as { details?: Array<{ instancePath?: string; message?: string }> }).details;
    const problems = Array.isArray(details)
      ? details.map((d) => `#${d.instancePath ?? ''} ${d.message ?? 'is not valid'}`)
      : [(error as Error).message];
    throw refuse(field, 'notOpenApi', problems);
  }
}

/**
 * JSON of the dereferenced document, refused when it would exceed the limit. References share
 * objects, so the text can be exponentially larger than the document: its size is counted
 * without building it (stopping at the limit) before JSON.stringify runs.
 */
function boundedJson(document: OpenApiDocument, field: DocumentField): string {
  let size = 0;
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') size += node.length + 2;
    else if (node === null || typeof node !== 'object') size += 8;
    else if (Array.isArray(node)) {
      size += 2 + node.length;
      for (const item of node) stack.push(item);
    } else {
      for (const [key, item] of Object.entries(node)) {
        size += key.length + 4;
        stack.push(item);
      }
    }
    if (size > L.dereferencedBytes) {
      throw refuse(field, 'notOpenApi', [
        `with its references replaced the document exceeds ${L.dereferencedBytes / 1024 / 1024} MB`,
      ]);
    }
  }
  return JSON.stringify(document);
}

/**
 * The https origins of the document's servers (variables at their defaults): the only places
 * besides the portal that a page's try-it panel may call. Other schemes and paths are left out.
 */
export function serverOriginsOf(document: OpenApiDocument): string[] {
  const origins = new Set<string>();
  for (const server of document.servers ?? []) {
    const variables = (server as { variables?: Record<string, { default?: unknown }> }).variables ?? {};
    const url = server.url.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const value = variables[name]?.default;
      return typeof value === 'string' ? value : name;
    });
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:') origins.add(parsed.origin);
    } catch {
      // a path or a malformed address: nothing to connect to
    }
  }
  return [...origins];
}

/** Method, path, summary and fingerprint of every operation, in the document's order. */
export function operationsOf(document: OpenApiDocument): OperationSummary[] {
  const operations: OperationSummary[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const shared = (item as { parameters?: unknown }).parameters ?? [];
    for (const method of OPENAPI_METHODS) {
      const operation = item[method] as { summary?: unknown } | undefined;
      if (!operation) continue;
      operations.push({
        method,
        path,
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        fingerprint: JSON.stringify([shared, operation]),
      });
    }
  }
  return operations;
}

/** Reads, checks and dereferences one document; throws a 400/413 HttpError naming the problems. */
export async function readOpenApiDocument(text: string, field: DocumentField): Promise<ReadDocument> {
  const parsed = parseText(text, field);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw refuse(field, 'notOpenApi', ['the document must be an object (openapi, info, paths, …)']);
  }
  checkStructure(parsed, field);
  checkPortalRules(parsed as Record<string, unknown>, field);
  checkExpandedSize(parsed, field);
  const document = await validateAndDereference(parsed as Record<string, unknown>, field);
  const json = boundedJson(document, field);
  const operations = operationsOf(document);
  if (operations.length > L.operations) {
    throw refuse(field, 'notOpenApi', [`at most ${L.operations} operations in one document`]);
  }
  return {
    json,
    title: document.info.title,
    openapi: document.openapi,
    operations,
    serverOrigins: serverOriginsOf(document),
  };
}

/** The English document must describe the same operations as the German one. */
export function checkSameOperations(german: ReadDocument, english: ReadDocument): void {
  const names = (d: ReadDocument) => new Set(d.operations.map((o) => `${o.method.toUpperCase()} ${o.path}`));
  const de = names(german);
  const en = names(english);
  const problems = [
    ...[...de].filter((o) => !en.has(o)).map((o) => `${o}: missing in the English document`),
    ...[...en].filter((o) => !de.has(o)).map((o) => `${o}: not in the German document`),
  ];
  if (problems.length > 0) throw refuse('documentEn', 'operationsDiffer', problems);
}
