import { OPENAPI_METHODS, type OpenApiDocument } from '@portal/contract/service-api';

// What the reference shows of a published OpenAPI document (docs/domain.md#api-reference): its
// operations grouped by tag, each with its parameters, body, answers and where the key goes.
// The server has replaced every internal $ref; a recursive schema keeps its $ref where it
// refers to itself, and is shown by name there.

export type Schema = Record<string, unknown>;

export interface ParameterView {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description: string;
  schema: Schema | undefined;
  example: unknown;
}

export interface MediaView {
  contentType: string;
  schema: Schema | undefined;
  example: unknown;
}

export interface ResponseView {
  status: string;
  description: string;
  media: MediaView[];
}

export interface KeyPlacement {
  /** `bearer`: `Authorization: Bearer <key>`. */
  in: 'header' | 'query' | 'cookie' | 'bearer';
  name: string;
  schemeName: string;
  description: string;
}

export interface OperationView {
  /** Anchor of the operation on the page. */
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  deprecated: boolean;
  tag: string;
  parameters: ParameterView[];
  body: { required: boolean; description: string; media: MediaView[] } | undefined;
  responses: ResponseView[];
  key: KeyPlacement | undefined;
}

export interface TagView {
  name: string;
  description: string;
  anchor: string;
  operations: OperationView[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const object = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Letters, digits and dashes: an anchor that needs no escaping. */
export const anchorOf = (...parts: string[]): string =>
  parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function exampleOf(media: Record<string, unknown>): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values(object(media.examples))[0];
  return object(first).value;
}

function mediaOf(content: unknown): MediaView[] {
  return Object.entries(object(content)).map(([contentType, value]) => {
    const media = object(value);
    const schema = media.schema === undefined ? undefined : object(media.schema);
    return { contentType, schema, example: exampleOf(media) ?? schema?.example };
  });
}

function keyPlacement(document: OpenApiDocument, security: unknown): KeyPlacement | undefined {
  const schemes = object(object(document.components).securitySchemes);
  const requirements = Array.isArray(security) ? (security as unknown[]) : [];
  for (const requirement of requirements) {
    for (const schemeName of Object.keys(object(requirement))) {
      const scheme = object(schemes[schemeName]);
      const description = text(scheme.description);
      if (scheme.type === 'apiKey' && ['header', 'query', 'cookie'].includes(text(scheme.in))) {
        return { in: scheme.in as KeyPlacement['in'], name: text(scheme.name), schemeName, description };
      }
      if (
        (scheme.type === 'http' && text(scheme.scheme).toLowerCase() === 'bearer') ||
        scheme.type === 'oauth2' ||
        scheme.type === 'openIdConnect'
      ) {
        return { in: 'bearer', name: 'Authorization', schemeName, description };
      }
    }
  }
  return undefined;
}

/** The operations of the document, grouped by their first tag in the document's tag order. */
export function tagsOf(document: OpenApiDocument, untagged: string): TagView[] {
  const tags = new Map<string, TagView>();
  for (const tag of document.tags ?? []) {
    tags.set(tag.name, { name: tag.name, description: text(tag.description), anchor: anchorOf('tag', tag.name), operations: [] });
  }
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = object(rawItem);
    const shared = Array.isArray(item.parameters) ? (item.parameters as unknown[]) : [];
    for (const method of OPENAPI_METHODS) {
      if (!(method in item)) continue;
      const operation = object(item[method]);
      const own = Array.isArray(operation.parameters) ? (operation.parameters as unknown[]) : [];
      const parameters = [...own, ...shared.filter((p) => !own.some((o) => object(o).name === object(p).name && object(o).in === object(p).in))].map(
        (raw): ParameterView => {
          const p = object(raw);
          const schema = p.schema === undefined ? undefined : object(p.schema);
          return {
            name: text(p.name),
            in: text(p.in) as ParameterView['in'],
            required: p.required === true,
            description: text(p.description),
            schema,
            example: p.example ?? exampleOf(p) ?? schema?.example ?? schema?.default,
          };
        },
      );
      const body = operation.requestBody === undefined ? undefined : object(operation.requestBody);
      const tagName = text((operation.tags as unknown[] | undefined)?.[0]) || untagged;
      if (!tags.has(tagName)) tags.set(tagName, { name: tagName, description: '', anchor: anchorOf('tag', tagName), operations: [] });
      tags.get(tagName)?.operations.push({
        anchor: anchorOf(method, path),
        method: method.toUpperCase(),
        path,
        summary: text(operation.summary),
        description: text(operation.description),
        deprecated: operation.deprecated === true,
        tag: tagName,
        parameters,
        body: body ? { required: body.required === true, description: text(body.description), media: mediaOf(body.content) } : undefined,
        responses: Object.entries(object(operation.responses)).map(([status, raw]) => ({
          status,
          description: text(object(raw).description),
          media: mediaOf(object(raw).content),
        })),
        key: keyPlacement(document, operation.security ?? document.security),
      });
    }
  }
  return [...tags.values()].filter((tag) => tag.operations.length > 0);
}

/** The first JSON media of a list (the one samples and try-it use), else the first. */
export function jsonMedia(media: readonly MediaView[]): MediaView | undefined {
  return media.find((m) => /json/i.test(m.contentType)) ?? media[0];
}

/** The document's first server, absolute, or undefined when it lists none usable. */
export function serverUrls(document: OpenApiDocument): string[] {
  return (document.servers ?? [])
    .map((server) => server.url.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const variable = object(object((server as { variables?: unknown }).variables)[name]);
      return text(variable.default) || name;
    }))
    .filter((url) => /^https?:\/\//i.test(url))
    .map((url) => url.replace(/\/+$/, ''));
}

/** Whether the operation matches a search of the reference (summary, path, method, tag, description). */
export function operationMatches(operation: OperationView, words: readonly string[]): boolean {
  const haystack = [operation.method, operation.path, operation.summary, operation.description, operation.tag]
    .join('\n')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
