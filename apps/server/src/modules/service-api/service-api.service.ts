import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  ApiComparison,
  ApiReference,
  ApiVersion,
  ApiVersionCreate,
  ApiVersionList,
  ApiVersionSource,
  OpenApiDocument,
} from '@portal/contract/service-api';
import { mockBasePath } from '@portal/contract/service-api';
import type { Database, Db } from '../../db/database.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { newId, sha256Hex } from '../../lib/ids.js';
import type { Language } from '../../lib/language.js';
import { nowIso } from '../../lib/time.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { findServiceForUpdate } from '../admin-service/admin-service.repository.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { catalogueChanged } from '../catalogue/catalogue-changes.js';
import { findService } from '../catalogue/catalogue.repository.js';
import { checkSameOperations, operationsOf, type ReadDocument } from './openapi-document.js';
import { readOpenApiDocumentOffThread as readOpenApiDocument } from './openapi-reader.js';
import {
  findApiVersion,
  findApiVersionByLabel,
  findPublishedApi,
  insertApiVersion,
  listApiVersions,
  listPublishedServerOrigins,
  listReleases,
  markPublished,
} from './service-api.repository.js';

// The API reference of a service (docs/domain.md#api-reference). Admins store versions (checked
// documents, never changed afterwards) and publish one; every write is audited in its
// transaction. Publishing drops the cached catalogue and pages on every instance.

const OBJECT_TYPE = 'service_api';

/** Key anyone may use for a service's example answers: public by design, shown on the reference. */
const newDemoKey = (): string => `demo_${randomBytes(15).toString('base64url')}`;

/** The https origins of both documents' servers, as stored (docs/security.md#headers). */
const originsJson = (de: ReadDocument, en: ReadDocument | null): string =>
  JSON.stringify([...new Set([...de.serverOrigins, ...(en?.serverOrigins ?? [])])]);

type VersionRow = Awaited<ReturnType<typeof listApiVersions>>[number];

function toApiVersion(row: VersionRow, currentId: string | null): ApiVersion {
  return {
    id: row.id,
    version: row.version,
    notes: { de: row.notesDe, en: row.notesEn },
    title: row.title,
    openapi: row.openapi,
    operations: row.operations,
    hasEnglish: Boolean(row.hasEnglish),
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    publishedAt: row.publishedAt,
    current: row.id === currentId,
  };
}

async function serviceOrNotFound(db: Db, serviceId: string) {
  const service = await findService(db, serviceId);
  if (!service) throw notFound();
  return service;
}

export async function listVersions(db: Db, serviceId: string): Promise<ApiVersionList> {
  const service = await serviceOrNotFound(db, serviceId);
  const rows = await listApiVersions(db, serviceId);
  return {
    versions: rows.map((row) => toApiVersion(row, service.apiVersionId)),
    demoKey: service.apiDemoKey,
  };
}

/** What the audit log keeps of a version: its label, notes and the documents' fingerprints, not the documents. */
function auditView(id: string, input: ApiVersionCreate, read: { de: ReadDocument; en: ReadDocument | null }) {
  return {
    id,
    version: input.version,
    notes: input.notes,
    document: { sha256: sha256Hex(input.document), bytes: Buffer.byteLength(input.document) },
    documentEn: input.documentEn
      ? { sha256: sha256Hex(input.documentEn), bytes: Buffer.byteLength(input.documentEn) }
      : null,
    operations: read.de.operations.length,
  };
}

/** Reads both documents (off the event loop) and checks they describe the same operations. */
async function readDocuments(
  input: ApiVersionCreate,
): Promise<{ de: ReadDocument; en: ReadDocument | null }> {
  const de = await readOpenApiDocument(input.document, 'document');
  const en = input.documentEn ? await readOpenApiDocument(input.documentEn, 'documentEn') : null;
  if (en) checkSameOperations(de, en);
  return { de, en };
}

/** The stored row of a version: its sources as sent, the dereferenced documents and their facts. */
function versionRow(
  id: string,
  serviceId: string,
  input: ApiVersionCreate,
  { de, en }: { de: ReadDocument; en: ReadDocument | null },
  stamp: { createdAt: string; createdBy: string; publishedAt: string | null },
) {
  return {
    id,
    serviceId,
    version: input.version,
    notesDe: input.notes.de,
    notesEn: input.notes.en,
    title: de.title,
    openapi: de.openapi,
    operations: de.operations.length,
    sourceDe: input.document,
    sourceEn: input.documentEn ?? null,
    documentDe: de.json,
    documentEn: en?.json ?? null,
    serverOrigins: originsJson(de, en),
    ...stamp,
  };
}

export async function createVersion(
  db: Kysely<Database>,
  actor: AuditActor,
  now: Date,
  serviceId: string,
  input: ApiVersionCreate,
): Promise<ApiVersion> {
  await serviceOrNotFound(db, serviceId);
  // Checked before the transaction: parsing takes a while and needs no lock.
  const { de, en } = await readDocuments(input);
  return db.transaction().execute(async (trx) => {
    const service = await findServiceForUpdate(trx, serviceId);
    if (!service) throw notFound();
    if (await findApiVersionByLabel(trx, serviceId, input.version)) {
      throw new HttpError(409, 'conflict', { version: 'taken' });
    }
    const id = newId();
    const createdAt = nowIso(now);
    await insertApiVersion(
      trx,
      versionRow(
        id,
        serviceId,
        input,
        { de, en },
        { createdAt, createdBy: actor.actor.email, publishedAt: null },
      ),
    );
    if (service.apiDemoKey === null) {
      await trx
        .updateTable('service')
        .set({ apiDemoKey: newDemoKey() })
        .where('id', '=', serviceId)
        .execute();
    }
    await recordAudit(trx, {
      ...actor,
      action: 'create-version',
      objectType: OBJECT_TYPE,
      objectId: serviceId,
      before: null,
      after: auditView(id, input, { de, en }),
    });
    const [row] = (await listApiVersions(trx, serviceId)).filter((v) => v.id === id);
    if (!row) throw new Error('the version just stored is missing');
    return toApiVersion(row, service.apiVersionId);
  });
}

export async function publishVersion(
  db: Kysely<Database>,
  changes: ChangeFeed,
  actor: AuditActor,
  now: Date,
  serviceId: string,
  versionId: string,
): Promise<ApiVersionList> {
  await db.transaction().execute(async (trx) => {
    const service = await findServiceForUpdate(trx, serviceId);
    if (!service) throw notFound();
    const version = await findApiVersion(trx, serviceId, versionId);
    if (!version) throw notFound();
    if (service.apiVersionId === versionId) return; // already the one visitors see: nothing to log
    const before = service.apiVersionId
      ? await findApiVersion(trx, serviceId, service.apiVersionId)
      : undefined;
    await trx
      .updateTable('service')
      .set({ apiVersionId: versionId, updatedAt: nowIso(now) })
      .where('id', '=', serviceId)
      .execute();
    await markPublished(trx, versionId, nowIso(now));
    await recordAudit(trx, {
      ...actor,
      action: 'publish-version',
      objectType: OBJECT_TYPE,
      objectId: serviceId,
      before: before ? { id: before.id, version: before.version } : null,
      after: { id: version.id, version: version.version },
    });
  });
  await catalogueChanged(changes);
  return listVersions(db, serviceId);
}

export async function versionSource(db: Db, serviceId: string, versionId: string): Promise<ApiVersionSource> {
  const row = await findApiVersion(db, serviceId, versionId);
  if (!row) throw notFound();
  return { id: row.id, version: row.version, document: row.sourceDe, documentEn: row.sourceEn };
}

/**
 * Which operations `versionId` added, removed or changed against `withId`, by default against
 * the version stored before it (the first version against nothing: everything is added).
 */
export async function compareVersions(
  db: Db,
  serviceId: string,
  versionId: string,
  withId: string | undefined,
): Promise<ApiComparison> {
  const to = await findApiVersion(db, serviceId, versionId);
  if (!to) throw notFound();
  const versions = await listApiVersions(db, serviceId);
  const fromId = withId ?? versions[versions.findIndex((v) => v.id === versionId) + 1]?.id;
  const from = fromId
    ? await findApiVersion(db, serviceId, fromId)
    : { id: '', version: '', documentDe: '{"openapi":"3.1.0","info":{"title":"","version":""}}' };
  if (!from) throw notFound();
  const operations = (json: string) =>
    new Map(operationsOf(JSON.parse(json) as OpenApiDocument).map((o) => [`${o.method} ${o.path}`, o]));
  const before = operations(from.documentDe);
  const after = operations(to.documentDe);
  const ref = (o: { method: string; path: string; summary: string }) => ({
    method: o.method.toUpperCase(),
    path: o.path,
    summary: o.summary,
  });
  return {
    from: { id: from.id, version: from.version },
    to: { id: to.id, version: to.version },
    added: [...after].filter(([key]) => !before.has(key)).map(([, o]) => ref(o)),
    removed: [...before].filter(([key]) => !after.has(key)).map(([, o]) => ref(o)),
    changed: [...after]
      .filter(([key, o]) => before.has(key) && before.get(key)?.fingerprint !== o.fingerprint)
      .map(([, o]) => ref(o)),
  };
}

/**
 * The published reference as JSON text in `language` (the English document where there is one,
 * else the German), or undefined when the service has none. The stored document is put in as
 * it is, not parsed and written again.
 */
export async function publishedReferenceJson(
  db: Db,
  serviceId: string,
  language: Language,
): Promise<string | undefined> {
  const published = await findPublishedApi(db, serviceId);
  if (!published?.publishedAt || !published.demoKey) return undefined;
  const releases = await listReleases(db, serviceId, published.publishedAt);
  const head: Omit<ApiReference, 'document'> = {
    serviceId,
    version: published.version,
    publishedAt: published.publishedAt,
    notes: { de: published.notesDe, en: published.notesEn },
    releases: releases.map((r) => ({
      version: r.version,
      publishedAt: r.publishedAt ?? '',
      notes: { de: r.notesDe, en: r.notesEn },
    })),
    demoKey: published.demoKey,
    mockBase: mockBasePath(serviceId),
  };
  const document = language === 'en' ? (published.documentEn ?? published.documentDe) : published.documentDe;
  return `${JSON.stringify(head).slice(0, -1)},"document":${document}}`;
}

/**
 * Stores and publishes a version unless the service already has one (the demo seed: safe to run
 * again, and nothing an admin stored is replaced). The documents are checked like an upload.
 */
export async function seedPublishedVersion(
  db: Kysely<Database>,
  now: Date,
  serviceId: string,
  input: ApiVersionCreate,
): Promise<void> {
  const service = await findService(db, serviceId);
  if (!service || (await listApiVersions(db, serviceId)).length > 0) return;
  const { de, en } = await readDocuments(input);
  const id = newId();
  const at = nowIso(now);
  await db.transaction().execute(async (trx) => {
    await insertApiVersion(
      trx,
      versionRow(id, serviceId, input, { de, en }, { createdAt: at, createdBy: 'demo', publishedAt: at }),
    );
    await trx
      .updateTable('service')
      .set({ apiVersionId: id, apiDemoKey: service.apiDemoKey ?? newDemoKey() })
      .where('id', '=', serviceId)
      .execute();
  });
}

/** At most this many origins go into the pages' Content Security Policy. */
const MAX_CONNECT_SOURCES = 100;

/** The origins pages may connect to for the published references' try-it panels. */
export async function publishedConnectSources(db: Db): Promise<string[]> {
  return [...new Set(await listPublishedServerOrigins(db))].sort().slice(0, MAX_CONNECT_SOURCES);
}
