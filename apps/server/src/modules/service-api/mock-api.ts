import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { sample } from 'openapi-sampler';
import { OPENAPI_METHODS, type OpenApiDocument } from '@portal/contract/service-api';
import type { Language } from '../../lib/language.js';
import { localizeSchemaErrors, mockProblems } from './mock-problems.js';

// The example answers of a published document (docs/domain.md#example-answers): which operation
// a request means, where its key is, whether the request fits the document (parameters and JSON
// body, with the problems named as a real API would), and the answer (the document's example,
// or one made from the schema). Built once per published version; validators and answers are
// made per operation on first use and kept with it.

/** Largest example answer sent (JSON text); a larger example or generated sample is cut down to an error. */
const MAX_ANSWER_BYTES = 512 * 1024;
/** Problems named in one refusal. */
const MAX_PROBLEMS = 20;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
}

interface MediaType {
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
  security?: Array<Record<string, string[]>>;
}

/** Where a key travels, as the document's security scheme says. */
export type KeyLocation = { in: 'header' | 'query' | 'cookie'; name: string } | { in: 'bearer' };

/** Without a security scheme in the document the key is expected here. */
const DEFAULT_KEY_LOCATION: KeyLocation = { in: 'header', name: 'X-Api-Key' };

export interface MockRequest {
  method: string;
  /** The path below the service's mock base, e.g. `/addresses/42`. */
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string>;
  body: unknown;
  contentType: string | undefined;
}

export type MockOutcome =
  | { kind: 'answer'; status: number; contentType: string | undefined; body: string | undefined }
  | { kind: 'invalid'; fields: Record<string, 'required' | 'invalid' | 'unknown'>; problems: string[] }
  | { kind: 'noPath' }
  | { kind: 'noMethod'; allow: string[] };

interface CompiledOperation {
  method: string;
  template: string;
  pattern: RegExp;
  /** Path parameter names in the order of the pattern's groups. */
  names: string[];
  operation: Operation;
  keyLocations: KeyLocation[];
  validators?: { parameters: Map<Parameter, ValidateFunction>; body: ValidateFunction | undefined };
  answer?: { status: number; contentType: string | undefined; body: string | undefined };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/addresses/{id}` → a pattern with one group per parameter (one path segment each). */
function pathPattern(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegExp(part);
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}/?$`), names };
}

function keyLocationsOf(document: OpenApiDocument, operation: Operation): KeyLocation[] {
  const schemes = ((document.components as { securitySchemes?: Record<string, unknown> } | undefined)
    ?.securitySchemes ?? {}) as Record<
    string,
    { type?: string; in?: string; name?: string; scheme?: string }
  >;
  const requirements = operation.security ?? document.security ?? [];
  const locations: KeyLocation[] = [];
  for (const requirement of requirements) {
    for (const name of Object.keys(requirement)) {
      const scheme = schemes[name];
      if (
        scheme?.type === 'apiKey' &&
        scheme.name &&
        (scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie')
      ) {
        locations.push({ in: scheme.in, name: scheme.name });
      } else if (
        (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') ||
        scheme?.type === 'oauth2' ||
        scheme?.type === 'openIdConnect'
      ) {
        locations.push({ in: 'bearer' });
      }
    }
  }
  return locations.length > 0 ? locations : [DEFAULT_KEY_LOCATION];
}

/** The key a request carries in the first of `locations` that holds one. */
export function keyOf(request: MockRequest, locations: readonly KeyLocation[]): string | undefined {
  for (const location of locations) {
    let value: unknown;
    if (location.in === 'bearer') {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^bearer\s+(\S+)$/i.exec(header) : null;
      value = match?.[1];
    } else if (location.in === 'header') value = request.headers[location.name.toLowerCase()];
    else if (location.in === 'query') value = request.query[location.name];
    else value = request.cookies[location.name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** A parameter's text as the type its schema names (query, path and header values arrive as text). */
function coerce(value: string | string[], schema: Record<string, unknown> | undefined): unknown {
  const type = schema?.type;
  if (type === 'array') {
    const items = Array.isArray(value) ? value : value.split(',');
    return items.map((item) => coerce(item, schema?.items as Record<string, unknown> | undefined));
  }
  const text = Array.isArray(value) ? (value[0] ?? '') : value;
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function firstExample(media: MediaType): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first?.value;
}

export class MockApi {
  readonly #operations: CompiledOperation[];
  readonly #ajv: Ajv;
  readonly #components: unknown;

  constructor(private readonly document: OpenApiDocument) {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; 3.0 schemas are closest to draft 7 (with
    // `nullable`). Keywords the validator does not know (example, xml, …) are ignored.
    const options = { strict: false, allErrors: true, validateFormats: false } as const;
    this.#ajv = document.openapi.startsWith('3.1') ? new Ajv2020(options) : new Ajv(options);
    this.#components = document.components ?? {};
    const operations: CompiledOperation[] = [];
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      const shared = (item as { parameters?: Parameter[] }).parameters ?? [];
      for (const method of OPENAPI_METHODS) {
        const operation = item[method] as Operation | undefined;
        if (!operation) continue;
        const own = operation.parameters ?? [];
        const parameters = [
          ...own,
          ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
        ];
        operations.push({
          method: method.toUpperCase(),
          template,
          ...pathPattern(template),
          operation: { ...operation, parameters },
          keyLocations: keyLocationsOf(document, operation),
        });
      }
    }
    // A literal segment wins over a parameter (`/users/me` before `/users/{id}`).
    const params = (o: CompiledOperation) => o.names.length;
    this.#operations = operations.sort((a, b) => params(a) - params(b));
  }

  /** The operation a method and path mean, or why there is none. */
  match(
    method: string,
    path: string,
  ):
    | { operation: CompiledOperation; values: string[] }
    | { kind: 'noPath' }
    | { kind: 'noMethod'; allow: string[] } {
    const allow: string[] = [];
    for (const candidate of this.#operations) {
      const found = candidate.pattern.exec(path);
      if (!found) continue;
      if (candidate.method === method || (method === 'HEAD' && candidate.method === 'GET')) {
        return { operation: candidate, values: found.slice(1) };
      }
      allow.push(candidate.method);
    }
    return allow.length > 0 ? { kind: 'noMethod', allow: [...new Set(allow)] } : { kind: 'noPath' };
  }

  /** Key locations of the operation a request means (the document's default where none matches). */
  keyLocations(method: string, path: string): KeyLocation[] {
    const matched = this.match(method, path);
    return 'operation' in matched ? matched.operation.keyLocations : keyLocationsOf(this.document, {});
  }

  #compile(schema: Record<string, unknown>): ValidateFunction {
    // A recursive schema keeps its `#/components/…` reference: it resolves against the components.
    return this.#ajv.compile({ ...schema, components: this.#components });
  }

  #validators(compiled: CompiledOperation) {
    if (!compiled.validators) {
      const parameters = new Map<Parameter, ValidateFunction>();
      for (const parameter of compiled.operation.parameters ?? []) {
        if (parameter.schema) parameters.set(parameter, this.#compile(parameter.schema));
      }
      const json = Object.entries(compiled.operation.requestBody?.content ?? {}).find(([type]) =>
        /json/i.test(type),
      );
      compiled.validators = {
        parameters,
        body: json?.[1].schema ? this.#compile(json[1].schema) : undefined,
      };
    }
    return compiled.validators;
  }

  #answer(compiled: CompiledOperation) {
    if (!compiled.answer) {
      const responses = Object.entries(compiled.operation.responses ?? {});
      const [code, response] = responses.find(([c]) => c === '200') ??
        responses.find(([c]) => /^2\d\d$/.test(c)) ??
        responses.find(([c]) => c === 'default') ?? ['200', {}];
      const status = /^\d{3}$/.test(code) ? Number(code) : 200;
      const entries = Object.entries(response.content ?? {});
      const [contentType, media] = entries.find(([type]) => /json/i.test(type)) ??
        entries[0] ?? [undefined, undefined];
      let body: string | undefined;
      if (media && status !== 204) {
        const example = firstExample(media);
        const value =
          example !== undefined
            ? example
            : media.schema
              ? sample(
                  media.schema,
                  { skipReadOnly: false, skipWriteOnly: true, quiet: true },
                  this.document,
                )
              : undefined;
        body =
          value === undefined
            ? undefined
            : typeof value === 'string' && !/json/i.test(contentType ?? '')
              ? value
              : JSON.stringify(value);
        if (body !== undefined && Buffer.byteLength(body) > MAX_ANSWER_BYTES) {
          body = JSON.stringify({ error: 'The example answer is larger than the example answers send.' });
        }
      }
      compiled.answer = { status, contentType, body };
    }
    return compiled.answer;
  }

  /** The answer to a request whose key was accepted; problems named in `language`. */
  respond(request: MockRequest, language: Language): MockOutcome {
    const matched = this.match(request.method, request.path);
    if (!('operation' in matched)) return matched;
    const { operation: compiled, values } = matched;
    const validators = this.#validators(compiled);
    const fields: Record<string, 'required' | 'invalid' | 'unknown'> = {};
    const problems: string[] = [];
    const say = mockProblems(language);
    const refuse = (field: string, problem: 'required' | 'invalid', text: string) => {
      fields[field] ??= problem;
      if (problems.length < MAX_PROBLEMS) problems.push(text);
    };

    for (const parameter of compiled.operation.parameters ?? []) {
      let raw: string | string[] | undefined;
      if (parameter.in === 'path') raw = values[compiled.names.indexOf(parameter.name)];
      else if (parameter.in === 'query') raw = request.query[parameter.name] as string | string[] | undefined;
      else if (parameter.in === 'header') raw = request.headers[parameter.name.toLowerCase()];
      else raw = request.cookies[parameter.name];
      if (parameter.in === 'path' && typeof raw === 'string') raw = decodeURIComponent(raw);
      const field = `${parameter.in}.${parameter.name}`;
      if (raw === undefined) {
        if (parameter.required)
          refuse(field, 'required', say.parameterRequired(parameter.in, parameter.name));
        continue;
      }
      const validate = validators.parameters.get(parameter);
      if (validate && !validate(coerce(raw, parameter.schema))) {
        for (const error of localizeSchemaErrors((validate.errors ?? []).slice(0, 3), language)) {
          refuse(field, 'invalid', say.parameterInvalid(parameter.in, parameter.name, error));
        }
      }
    }

    const requestBody = compiled.operation.requestBody;
    const hasBody = request.body !== undefined && request.body !== null && request.body !== '';
    if (requestBody?.required && !hasBody) refuse('body', 'required', say.bodyRequired());
    if (hasBody && validators.body) {
      if (!/json/i.test(request.contentType ?? '')) {
        refuse('body', 'invalid', say.bodyNotJson());
      } else if (!validators.body(request.body)) {
        for (const error of localizeSchemaErrors(validators.body.errors ?? [], language)) {
          const where = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const missing =
            error.keyword === 'required'
              ? (error.params as { missingProperty?: string }).missingProperty
              : undefined;
          const field = ['body', where, missing].filter(Boolean).join('.');
          refuse(field, missing ? 'required' : 'invalid', say.bodyInvalid(error));
        }
      }
    }
    if (problems.length > 0) return { kind: 'invalid', fields, problems };
    const answer = this.#answer(compiled);
    return { kind: 'answer', ...answer };
  }
}
