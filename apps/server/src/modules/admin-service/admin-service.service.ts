import type { Kysely, Selectable, Updateable } from 'kysely';
import {
  SERVICE_IMAGE_TYPES,
  type AdminGalleryPatch,
  type AdminService,
  type AdminServiceList,
  type AdminServicePatch,
  type ServiceImageSlot,
} from '@portal/contract/admin-service';
import type { Database, Db, ServiceImageTable, ServiceRow, ServiceTable } from '../../db/database.js';
import { HttpError, conflict, notFound, validation } from '../../lib/http-error.js';
import { checkImage } from '../../lib/image-check.js';
import { runImageJob } from '../../lib/image-jobs.js';
import { newId } from '../../lib/ids.js';
import { pageOf } from '../../lib/paging.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { nowIso } from '../../lib/time.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { catalogueChanged } from '../catalogue/catalogue-changes.js';
import { encodeImageSizes, GALLERY_WIDTHS, LOGO_WIDTH, THUMBNAIL_WIDTH } from '../catalogue/catalogue-images.js';
import { mediaUrl, toServiceFields } from '../catalogue/catalogue.mapper.js';
import { findService, listServiceImageRows } from '../catalogue/catalogue.repository.js';
import { deleteUnusedMedia, findMedia, insertMediaIfMissing } from '../catalogue/media.repository.js';
import {
  deleteServiceImage,
  findServiceForUpdate,
  insertService,
  insertServiceImage,
  servicesQuery,
  reorderServiceImages,
  updateService,
} from './admin-service.repository.js';

// The admin console's services (docs/admin.md#services). Every write runs in one transaction
// with its audit entry, and once committed drops the cached catalogue on every instance
// (catalogueChanged), so visitors see it at once. Images go through the same encoder as the
// command-line import (catalogue-images.ts): nothing an admin uploads reaches a browser as sent.

/** Who writes, for the audit log. */
export type AdminContext = AuditActor;

const OBJECT_TYPE = 'service';
const GALLERY_LIMIT = 20;
const GALLERY_SIZES = Object.values(GALLERY_WIDTHS);
const MEDIA_ID = /^\/rest\/media\/([A-Za-z0-9]{1,64})$/;

type ImageRow = Selectable<ServiceImageTable>;

function toAdminService(row: ServiceRow, images: ImageRow[]): AdminService {
  return {
    ...toServiceFields(row),
    settingsForm: row.formJson ? (JSON.parse(row.formJson) as AdminService['settingsForm']) : [],
    logo: row.logoMediaId ? mediaUrl(row.logoMediaId) : null,
    thumbnail: row.thumbnailMediaId ? mediaUrl(row.thumbnailMediaId) : null,
    gallery: images.map((image) => ({
      id: image.id,
      name: { de: image.nameDe, en: image.nameEn },
      preview: mediaUrl(image.xsMediaId),
    })),
    retired: row.retiredAt !== null,
  };
}

/** The columns of the editable fields; the gallery and the retirement are handled apart. */
function toColumns(service: AdminServicePatch): Updateable<ServiceTable> {
  const columns: Updateable<ServiceTable> = {};
  if (service.category !== undefined) columns.category = service.category;
  if (service.name) Object.assign(columns, { nameDe: service.name.de, nameEn: service.name.en });
  if (service.descriptionShort)
    Object.assign(columns, {
      descriptionShortDe: service.descriptionShort.de,
      descriptionShortEn: service.descriptionShort.en,
    });
  if (service.description)
    Object.assign(columns, {
      descriptionDe: sanitizeRichText(service.description.de),
      descriptionEn: sanitizeRichText(service.description.en),
    });
  if (service.accounting !== undefined) columns.accounting = service.accounting;
  if (service.pricePer1000CallsCents !== undefined) columns.pricePer1000Calls = service.pricePer1000CallsCents;
  if (service.monthlyFeeCents !== undefined) columns.monthlyFee = service.monthlyFeeCents;
  if (service.singlePaymentCents !== undefined) columns.singlePayment = service.singlePaymentCents;
  if (service.demoHref !== undefined) columns.demoHref = service.demoHref;
  if (service.dataCopyright !== undefined) columns.dataCopyright = service.dataCopyright;
  if (service.dataLastUpdate !== undefined) columns.dataLastupdate = service.dataLastUpdate;
  if (service.integrationCode)
    Object.assign(columns, {
      jsServiceCodeType: service.integrationCode.type,
      jsServiceCodeTemplate: service.integrationCode.template,
      serviceCodeBackendTemplate: service.integrationCode.backendTemplate,
    });
  // No sections is no form: the licence page then shows no settings tab.
  if (service.settingsForm !== undefined)
    columns.formJson = service.settingsForm.length > 0 ? JSON.stringify(service.settingsForm) : null;
  return columns;
}

/** A logo or thumbnail is named by its URL, as GET answers it; it must be a stored catalogue image. */
async function mediaIdOf(db: Db, url: string | null, field: 'logo' | 'thumbnail'): Promise<string | null> {
  if (url === null) return null;
  const id = MEDIA_ID.exec(url)?.[1];
  if (!id || !(await findMedia(db, id))) throw validation({ [field]: 'invalid' });
  return id;
}

async function readService(db: Db, id: string): Promise<AdminService | undefined> {
  const row = await findService(db, id);
  return row && toAdminService(row, await listServiceImageRows(db, id));
}

async function lockService(db: Db, id: string): Promise<{ row: ServiceRow; before: AdminService }> {
  const row = await findServiceForUpdate(db, id);
  if (!row) throw notFound();
  return { row, before: toAdminService(row, await listServiceImageRows(db, id)) };
}

export async function getAdminService(db: Db, id: string): Promise<AdminService> {
  const service = await readService(db, id);
  if (!service) throw notFound();
  return service;
}

export async function listAdminServices(
  db: Db,
  query: { q?: string | undefined; page: number; pageSize: number },
): Promise<AdminServiceList> {
  return pageOf(db, servicesQuery(db, query.q), query, (row) => ({
    id: row.id,
    category: row.category,
    name: { de: row.nameDe, en: row.nameEn },
    accounting: row.accounting,
    pricePer1000CallsCents: row.pricePer1000Calls,
    monthlyFeeCents: row.monthlyFee,
    singlePaymentCents: row.singlePayment,
    logo: row.logoMediaId ? mediaUrl(row.logoMediaId) : null,
    retired: row.retiredAt !== null,
    licences: Number(row.licences ?? 0),
    updatedAt: row.updatedAt,
  }));
}

/** Runs one audited catalogue write, then tells every instance that the catalogue changed. */
async function write<T>(
  db: Kysely<Database>,
  changes: ChangeFeed,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const result = await db.transaction().execute(work);
  await catalogueChanged(changes);
  return result;
}

/** One audit entry per write that changed what the admin API shows; a no-op leaves none. */
async function audit(
  trx: Db,
  actor: AdminContext,
  action: string,
  objectId: string,
  before: AdminService | null,
  after: AdminService,
): Promise<void> {
  if (before !== null && JSON.stringify(before) === JSON.stringify(after)) return;
  await recordAudit(trx, { ...actor, action, objectType: OBJECT_TYPE, objectId, before, after });
}

export async function createAdminService(
  db: Kysely<Database>,
  changes: ChangeFeed,
  actor: AdminContext,
  input: AdminService,
): Promise<AdminService> {
  if (input.gallery.length > 0) throw validation({ gallery: 'invalid' });
  return write(db, changes, async (trx) => {
    if (await findService(trx, input.id)) throw conflict();
    const now = nowIso(actor.at);
    const columns = toColumns(input);
    await insertService(trx, {
      ...(columns as Required<typeof columns>),
      id: input.id,
      logoMediaId: await mediaIdOf(trx, input.logo, 'logo'),
      thumbnailMediaId: await mediaIdOf(trx, input.thumbnail, 'thumbnail'),
      retiredAt: input.retired ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    const after = await getAdminService(trx, input.id);
    await audit(trx, actor, 'create', input.id, null, after);
    return after;
  });
}

/** The gallery in the order the patch lists it; pictures it leaves out keep their order after them. */
function reorderedGallery(current: ImageRow[], wanted: NonNullable<AdminServicePatch['gallery']>) {
  const byId = new Map(current.map((image) => [image.id, image]));
  const listed = new Set<string>();
  const ordered: Array<{ id: string; nameDe: string; nameEn: string }> = [];
  for (const entry of wanted) {
    const image = byId.get(entry.id);
    if (!image || listed.has(entry.id) || entry.preview !== mediaUrl(image.xsMediaId))
      throw validation({ gallery: 'invalid' });
    listed.add(entry.id);
    ordered.push({ id: entry.id, nameDe: entry.name.de, nameEn: entry.name.en });
  }
  for (const image of current)
    if (!listed.has(image.id)) ordered.push({ id: image.id, nameDe: image.nameDe, nameEn: image.nameEn });
  return ordered;
}

export async function patchAdminService(
  db: Kysely<Database>,
  changes: ChangeFeed,
  actor: AdminContext,
  id: string,
  patch: AdminServicePatch,
): Promise<AdminService> {
  // The id is part of the shape GET answers, so it may be sent back; it cannot change.
  if (patch.id !== undefined && patch.id !== id) throw validation({ id: 'invalid' });
  return write(db, changes, async (trx) => {
    const { row, before } = await lockService(trx, id);
    const now = nowIso(actor.at);
    const columns = toColumns(patch);
    if (patch.logo !== undefined) columns.logoMediaId = await mediaIdOf(trx, patch.logo, 'logo');
    if (patch.thumbnail !== undefined)
      columns.thumbnailMediaId = await mediaIdOf(trx, patch.thumbnail, 'thumbnail');
    if (patch.retired !== undefined) columns.retiredAt = patch.retired ? (row.retiredAt ?? now) : null;
    if (patch.gallery !== undefined)
      await reorderServiceImages(trx, reorderedGallery(await listServiceImageRows(trx, id), patch.gallery));
    await updateService(trx, id, { ...columns, updatedAt: now });
    await deleteUnusedMedia(trx); // a replaced logo or thumbnail
    const after = await getAdminService(trx, id);
    await audit(trx, actor, 'update', id, before, after);
    return after;
  });
}

/**
 * DELETE retires a service: licences refer to it and keep working and being billed, so its row
 * stays. PATCH { retired: false } brings it back.
 */
export async function retireAdminService(
  db: Kysely<Database>,
  changes: ChangeFeed,
  actor: AdminContext,
  id: string,
): Promise<void> {
  await write(db, changes, async (trx) => {
    const { row, before } = await lockService(trx, id);
    if (row.retiredAt !== null) return; // already retired: nothing changes, nothing to log
    const now = nowIso(actor.at);
    await updateService(trx, id, { retiredAt: now, updatedAt: now });
    const after = await getAdminService(trx, id);
    await audit(trx, actor, 'retire', id, before, after);
  });
}

/** PNG, JPEG or WebP by their bytes within IMAGE_LIMITS, decoded and encoded again at the slot's widths. */
async function encodeUpload(bytes: Buffer, widths: readonly number[]) {
  await checkImage(bytes, SERVICE_IMAGE_TYPES);
  return runImageJob(async () => {
    try {
      return await encodeImageSizes(bytes, widths);
    } catch {
      throw new HttpError(415, 'unsupportedMediaType'); // broken or truncated
    }
  });
}

export async function uploadServiceImage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  actor: AdminContext,
  id: string,
  upload: { slot: ServiceImageSlot; bytes: Buffer; name: { de: string; en: string } },
): Promise<AdminService> {
  if (!(await findService(db, id))) throw notFound();
  const widths =
    upload.slot === 'logo' ? [LOGO_WIDTH] : upload.slot === 'thumbnail' ? [THUMBNAIL_WIDTH] : GALLERY_SIZES;
  // Encoded before the transaction: it takes a while and needs no lock.
  const media = await encodeUpload(upload.bytes, widths);
  return write(db, changes, async (trx) => {
    const { before } = await lockService(trx, id);
    const now = nowIso(actor.at);
    for (const image of media) await insertMediaIfMissing(trx, { ...image, createdAt: now });
    const ids = media.map((m) => m.id);
    if (upload.slot === 'gallery') {
      const current = await listServiceImageRows(trx, id);
      if (current.length >= GALLERY_LIMIT) throw conflict();
      const [xs = '', sm = '', md = '', lg = '', xlg = ''] = ids;
      await insertServiceImage(trx, {
        id: newId(),
        serviceId: id,
        position: current.length,
        nameDe: upload.name.de,
        nameEn: upload.name.en,
        xsMediaId: xs,
        smMediaId: sm,
        mdMediaId: md,
        lgMediaId: lg,
        xlgMediaId: xlg,
      });
      await updateService(trx, id, { updatedAt: now });
    } else {
      const column = upload.slot === 'logo' ? 'logoMediaId' : 'thumbnailMediaId';
      await updateService(trx, id, { [column]: ids[0] ?? null, updatedAt: now });
      await deleteUnusedMedia(trx); // the one it replaced
    }
    const after = await getAdminService(trx, id);
    await audit(trx, actor, upload.slot === 'gallery' ? 'add-image' : `set-${upload.slot}`, id, before, after);
    return after;
  });
}

export async function patchGalleryImage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  actor: AdminContext,
  id: string,
  imageId: string,
  patch: AdminGalleryPatch,
): Promise<AdminService> {
  return write(db, changes, async (trx) => {
    const { before } = await lockService(trx, id);
    const images = await listServiceImageRows(trx, id);
    const index = images.findIndex((image) => image.id === imageId);
    const image = images[index];
    if (!image) throw notFound();
    const order = images.map((i) => ({ id: i.id, nameDe: i.nameDe, nameEn: i.nameEn }));
    const [moved] = order.splice(index, 1);
    if (!moved) throw notFound();
    if (patch.name) Object.assign(moved, { nameDe: patch.name.de, nameEn: patch.name.en });
    order.splice(Math.min(patch.position ?? index, order.length), 0, moved);
    await reorderServiceImages(trx, order);
    await updateService(trx, id, { updatedAt: nowIso(actor.at) });
    const after = await getAdminService(trx, id);
    await audit(trx, actor, 'update-image', id, before, after);
    return after;
  });
}

export async function deleteGalleryImage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  actor: AdminContext,
  id: string,
  imageId: string,
): Promise<AdminService> {
  return write(db, changes, async (trx) => {
    const { before } = await lockService(trx, id);
    const images = await listServiceImageRows(trx, id);
    if (!images.some((image) => image.id === imageId)) throw notFound();
    await deleteServiceImage(trx, imageId);
    await reorderServiceImages(
      trx,
      images.filter((i) => i.id !== imageId).map((i) => ({ id: i.id, nameDe: i.nameDe, nameEn: i.nameEn })),
    );
    await updateService(trx, id, { updatedAt: nowIso(actor.at) });
    await deleteUnusedMedia(trx);
    const after = await getAdminService(trx, id);
    await audit(trx, actor, 'delete-image', id, before, after);
    return after;
  });
}
