import { z } from 'zod';
import { i18nTextSchema, idSchema } from './common.js';
import { multiLineText, singleLineText } from './text.js';

// The API reference of a service (docs/domain.md#api-reference): OpenAPI documents kept in
// versions by the admin console, one of them published; the public reference page, its try-it
// panel and the example answers read the published one.

/** Limits shared by the server's checks and the admin console's form. */
export const API_DOCUMENT_LIMITS = {
  /** One document as uploaded (UTF-8 bytes), JSON or YAML. */
  documentBytes: 2 * 1024 * 1024,
  /**
   * The document with every `$ref` replaced by what it points at: references can multiply a
   * small document (a schema used twice in a schema used twice …), so the result is bounded too.
   */
  dereferencedBytes: 8 * 1024 * 1024,
  /** Nesting of objects and arrays in the document. */
  depth: 64,
  /** YAML aliases (`*name`) in one document: a handful is normal, thousands are a bomb. */
  yamlAliases: 200,
  /** Operations (method and path) in one document. */
  operations: 1000,
  /** Servers listed at the document's top level (the try-it panel's targets). */
  servers: 10,
  version: 50,
  notes: 4000,
  /** Problems named in one refusal. */
  problems: 20,
} as const;

const L = API_DOCUMENT_LIMITS;

/** A version to store: the German document and optionally an English one, as text. */
export const apiVersionCreateSchema = z
  .object({
    /** OpenAPI 3.0 or 3.1, JSON or YAML; at most 2 MB (checked in bytes by the server). */
    document: multiLineText().min(1),
    /** The English document, where its texts differ; the same operations as the German one. */
    documentEn: multiLineText().min(1).nullish(),
    /** The version label shown on the reference, e.g. `1.4.0` or `2026-11`. */
    version: singleLineText().trim().min(1).max(L.version),
    /** What changed in this version, in both languages (plain text). */
    notes: z.object({ de: multiLineText().max(L.notes), en: multiLineText().max(L.notes) }).strict(),
  })
  .strict();
export type ApiVersionCreate = z.infer<typeof apiVersionCreateSchema>;

export const apiVersionParamsSchema = z.object({ id: idSchema, versionId: idSchema });

/** One kept version as the admin console lists it. */
export const apiVersionSchema = z.object({
  id: z.string(),
  version: z.string(),
  notes: i18nTextSchema,
  /** Title and OpenAPI version the document declares. */
  title: z.string(),
  openapi: z.string(),
  operations: z.number().int(),
  hasEnglish: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** When it was first published; null: never. */
  publishedAt: z.string().nullable(),
  /** The one visitors see now. */
  current: z.boolean(),
});
export type ApiVersion = z.infer<typeof apiVersionSchema>;

export const apiVersionListSchema = z.object({
  /** Newest first. */
  versions: z.array(apiVersionSchema),
  /** Key of the example answers that anyone may use (shown on the reference); null before the first version. */
  demoKey: z.string().nullable(),
});
export type ApiVersionList = z.infer<typeof apiVersionListSchema>;

/** One version's documents as uploaded, for the admin to read or download. */
export const apiVersionSourceSchema = z.object({
  id: z.string(),
  version: z.string(),
  document: z.string(),
  documentEn: z.string().nullable(),
});
export type ApiVersionSource = z.infer<typeof apiVersionSourceSchema>;

/** The query of a comparison: the version to compare the path's version with (default: the one stored before it). */
export const apiCompareQuerySchema = z.object({ with: idSchema.optional() }).strict();

/** An operation as the comparison names it. */
export const apiOperationRefSchema = z.object({ method: z.string(), path: z.string(), summary: z.string() });
export type ApiOperationRef = z.infer<typeof apiOperationRefSchema>;

/** Which operations one version added, removed or changed against another. */
export const apiComparisonSchema = z.object({
  from: z.object({ id: z.string(), version: z.string() }),
  to: z.object({ id: z.string(), version: z.string() }),
  added: z.array(apiOperationRefSchema),
  removed: z.array(apiOperationRefSchema),
  changed: z.array(apiOperationRefSchema),
});
export type ApiComparison = z.infer<typeof apiComparisonSchema>;

/** A published version's release notes ("what changed"). */
export const apiReleaseSchema = z.object({
  version: z.string(),
  publishedAt: z.string(),
  notes: i18nTextSchema,
});
export type ApiRelease = z.infer<typeof apiReleaseSchema>;

/**
 * The published reference of a service: the document in the request's language with every
 * internal `$ref` replaced (a recursive schema keeps its `$ref` where it refers to itself), and
 * the release notes of the versions published up to this one, newest first.
 */
export interface ApiReference {
  serviceId: string;
  version: string;
  publishedAt: string;
  notes: { de: string; en: string };
  releases: ApiRelease[];
  /** Key of the example answers that anyone may use. */
  demoKey: string;
  /** Where the example answers are: the document's paths below it. */
  mockBase: string;
  document: OpenApiDocument;
}

/** The parts of an OpenAPI 3.x document the portal reads; everything else is kept as it is. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  servers?: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  [key: string]: unknown;
}

/** Where the example answers of a service are served; the document's paths follow. */
export const mockBasePath = (serviceId: string): string => `/rest/mock/${serviceId}`;

/** The HTTP methods an OpenAPI path item may hold, in the order the reference shows them. */
export const OPENAPI_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;
export type OpenApiMethod = (typeof OPENAPI_METHODS)[number];
