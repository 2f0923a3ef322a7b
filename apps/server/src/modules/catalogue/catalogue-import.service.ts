import type { Insertable, Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, Db, PricePackageTable, ServiceImageTable, ServiceTable } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import {
  legalPageFileSchema,
  pricePackageFileSchema,
  serviceFileSchema,
  type CatalogueItemSource,
  type CatalogueSource,
  type LegalPageFile,
  type PricePackageFile,
  type ServiceFile,
} from './catalogue-files.js';
import {
  encodeImageSizes,
  GALLERY_WIDTHS,
  LOGO_WIDTH,
  PACKAGE_IMAGE_WIDTH,
  THUMBNAIL_WIDTH,
  type EncodedImage,
} from './catalogue-images.js';
import {
  findService,
  listLegalPages,
  listPricePackages,
  listServiceImageRows,
  replaceServiceImages,
  upsertLegalPage,
  upsertPricePackage,
  upsertService,
} from './catalogue.repository.js';
import { deleteUnusedMedia, findMedia, insertMediaIfMissing } from './media.repository.js';

// `portal catalogue:import DIR`: everything is read, checked and its images encoded before the
// first write; then one transaction writes it. Items are matched by id: a new id is created, a
// known one updated, an identical one left alone (so importing twice changes nothing). Items
// missing from the files stay as they are (licences may refer to them).

type Outcome = 'created' | 'updated' | 'unchanged';

export interface CatalogueImportReport {
  /** Why nothing was written; empty when the import went through. */
  problems: string[];
  items: Array<{ item: string; outcome: Outcome }>;
  /** Images no longer used by any item, removed. */
  removedImages: number;
}

const GALLERY_SIZES = Object.values(GALLERY_WIDTHS);
/** Problems listed per file; the rest of a broken file adds nothing an operator needs. */
const MAX_PROBLEMS_PER_FILE = 5;

interface Parsed<T> {
  source: CatalogueItemSource;
  file: T;
}

function parseAll<T>(
  sources: CatalogueItemSource[],
  schema: z.ZodType<T>,
  problems: string[],
): Array<Parsed<T>> {
  const parsed: Array<Parsed<T>> = [];
  for (const source of sources) {
    const result = schema.safeParse(source.json);
    if (result.success) {
      parsed.push({ source, file: result.data });
      continue;
    }
    for (const issue of result.error.issues.slice(0, MAX_PROBLEMS_PER_FILE)) {
      problems.push(`${source.path}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
    }
  }
  return parsed;
}

function requireUnique<T>(
  items: Array<Parsed<T>>,
  key: (file: T) => string,
  what: string,
  problems: string[],
): void {
  const seen = new Map<string, string>();
  for (const { source, file } of items) {
    const value = key(file);
    const first = seen.get(value);
    if (first) problems.push(`${source.path}: ${what} ${value} is also used by ${first}`);
    else seen.set(value, source.path);
  }
}

function requireImages(item: Parsed<{ id: string }>, names: Array<string | null>, problems: string[]): void {
  for (const name of names) {
    if (name !== null && !item.source.images.has(name))
      problems.push(`${item.source.path}: image file ${name} is missing`);
  }
}

/** The stored ids of one image slot, and which of them holds the size an export writes. */
interface StoredSlot {
  ids: string[];
  exportedId: string;
}

interface ResolvedImage {
  ids: string[];
  /** Newly encoded images to store (none when the stored ones are kept). */
  media: EncodedImage[];
}

/**
 * The images for one slot. A file equal to what an export of the stored slot wrote keeps the
 * stored images (export, then import, changes nothing); anything else is decoded and encoded
 * again at the slot's widths.
 */
async function resolveImage(
  db: Db,
  item: CatalogueItemSource,
  name: string,
  widths: readonly number[],
  stored: StoredSlot | undefined,
  problems: string[],
): Promise<ResolvedImage | undefined> {
  const bytes = item.images.get(name);
  if (!bytes) return undefined;
  if (stored) {
    const current = await findMedia(db, stored.exportedId);
    if (current?.bytes.equals(bytes)) return { ids: stored.ids, media: [] };
  }
  try {
    const media = await encodeImageSizes(bytes, widths);
    return { ids: media.map((m) => m.id), media };
  } catch {
    problems.push(
      `${item.path}: ${name} cannot be read as an image (PNG, JPEG, WebP or SVG, at most 40 megapixels)`,
    );
    return undefined;
  }
}

interface PlannedService {
  file: ServiceFile;
  existing: boolean;
  row: Insertable<ServiceTable>;
  images: Array<Insertable<ServiceImageTable>>;
  unchanged: boolean;
}

const sameValues = (a: object, b: object, keys: string[]): boolean =>
  keys.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);

async function planService(
  db: Db,
  { source, file }: Parsed<ServiceFile>,
  media: EncodedImage[],
  problems: string[],
  at: Date,
): Promise<PlannedService | undefined> {
  const existing = await findService(db, file.id);
  const storedImages = existing ? await listServiceImageRows(db, file.id) : [];
  const slot = (id: string | null | undefined): StoredSlot | undefined =>
    id ? { ids: [id], exportedId: id } : undefined;
  const single = async (name: string | null, width: number, stored: StoredSlot | undefined) => {
    if (name === null) return null;
    const image = await resolveImage(db, source, name, [width], stored, problems);
    if (image) media.push(...image.media);
    return image?.ids[0] ?? null;
  };
  const logoMediaId = await single(file.logo, LOGO_WIDTH, slot(existing?.logoMediaId));
  const thumbnailMediaId = await single(file.thumbnail, THUMBNAIL_WIDTH, slot(existing?.thumbnailMediaId));
  const images: Array<Insertable<ServiceImageTable>> = [];
  for (const [position, entry] of file.gallery.entries()) {
    const current = storedImages[position];
    const stored = current && {
      ids: [current.xsMediaId, current.smMediaId, current.mdMediaId, current.lgMediaId, current.xlgMediaId],
      exportedId: current.xlgMediaId,
    };
    const image = await resolveImage(db, source, entry.image, GALLERY_SIZES, stored, problems);
    if (!image) continue;
    media.push(...image.media);
    const [xs = '', sm = '', md = '', lg = '', xlg = ''] = image.ids;
    images.push({
      id: `${file.id}Img${position}`,
      serviceId: file.id,
      position,
      nameDe: entry.name.de,
      nameEn: entry.name.en,
      xsMediaId: xs,
      smMediaId: sm,
      mdMediaId: md,
      lgMediaId: lg,
      xlgMediaId: xlg,
    });
  }
  const now = nowIso(at);
  const row: Insertable<ServiceTable> = {
    id: file.id,
    category: file.category,
    nameDe: file.name.de,
    nameEn: file.name.en,
    descriptionShortDe: file.descriptionShort.de,
    descriptionShortEn: file.descriptionShort.en,
    descriptionDe: file.description.de,
    descriptionEn: file.description.en,
    accounting: file.accounting,
    pricePer1000Calls: file.pricePer1000CallsCents,
    monthlyFee: file.monthlyFeeCents,
    singlePayment: file.singlePaymentCents,
    demoHref: file.demoHref,
    dataCopyright: file.dataCopyright,
    dataLastupdate: file.dataLastUpdate,
    jsServiceCodeType: file.integrationCode.type,
    jsServiceCodeTemplate: file.integrationCode.template,
    serviceCodeBackendTemplate: file.integrationCode.backendTemplate,
    formJson: file.settingsForm ? JSON.stringify(file.settingsForm) : null,
    logoMediaId,
    thumbnailMediaId,
    createdAt: now,
    updatedAt: now,
  };
  const rowKeys = Object.keys(row).filter((k) => k !== 'createdAt' && k !== 'updatedAt');
  const imageKeys = [
    'id',
    'position',
    'nameDe',
    'nameEn',
    'xsMediaId',
    'smMediaId',
    'mdMediaId',
    'lgMediaId',
    'xlgMediaId',
  ];
  const unchanged =
    existing !== undefined &&
    sameValues(existing, row, rowKeys) &&
    storedImages.length === images.length &&
    images.every(
      (image, i) => storedImages[i] !== undefined && sameValues(storedImages[i], image, imageKeys),
    );
  return { file, existing: existing !== undefined, row, images, unchanged };
}

async function planPricePackage(
  db: Db,
  { source, file }: Parsed<PricePackageFile>,
  existing: Map<string, Insertable<PricePackageTable>>,
  media: EncodedImage[],
  problems: string[],
) {
  const current = existing.get(file.id);
  let imgMediaId: string | null = null;
  if (file.image !== null) {
    const stored = current?.imgMediaId
      ? { ids: [current.imgMediaId], exportedId: current.imgMediaId }
      : undefined;
    const image = await resolveImage(db, source, file.image, [PACKAGE_IMAGE_WIDTH], stored, problems);
    media.push(...(image?.media ?? []));
    imgMediaId = image?.ids[0] ?? null;
  }
  const row: Insertable<PricePackageTable> = {
    id: file.id,
    nameDe: file.name.de,
    nameEn: file.name.en,
    descriptionDe: file.description.de,
    descriptionEn: file.description.en,
    imgMediaId,
    bruttoMonatlich: file.grossMonthlyCents,
    calls: file.callsPerMonth,
    sortOrder: file.sortOrder,
  };
  const outcome: Outcome = !current
    ? 'created'
    : sameValues(current, row, Object.keys(row))
      ? 'unchanged'
      : 'updated';
  return { row, outcome };
}

export async function importCatalogue(
  db: Kysely<Database>,
  source: CatalogueSource,
  at: Date,
): Promise<CatalogueImportReport> {
  const problems: string[] = [];
  const services = parseAll(source.services, serviceFileSchema, problems);
  const packages = parseAll(source.pricePackages, pricePackageFileSchema, problems);
  const pages = parseAll(source.legalPages, legalPageFileSchema, problems);
  requireUnique(services, (f) => f.id, 'service id', problems);
  requireUnique(packages, (f) => f.id, 'price package id', problems);
  requireUnique(pages, (f) => f.id, 'legal page id', problems);
  requireUnique(pages, (f) => f.internerName, 'legal page name', problems);
  for (const s of services)
    requireImages(s, [s.file.logo, s.file.thumbnail, ...s.file.gallery.map((g) => g.image)], problems);
  for (const p of packages) requireImages(p, [p.file.image], problems);
  const storedPages = await listLegalPages(db);
  for (const { source: item, file } of pages) {
    const other = storedPages.find((p) => p.internerName === file.internerName && p.id !== file.id);
    if (other)
      problems.push(`${item.path}: the legal page ${other.id} already has the name ${file.internerName}`);
  }
  if (problems.length > 0) return { problems, items: [], removedImages: 0 };

  // Images are encoded now, so that a broken one stops the import before anything is written.
  const media: EncodedImage[] = [];
  const plannedServices: PlannedService[] = [];
  for (const service of services) {
    const plan = await planService(db, service, media, problems, at);
    if (plan) plannedServices.push(plan);
  }
  const storedPackages = new Map((await listPricePackages(db)).map((p) => [p.id, p]));
  const plannedPackages: Array<{ row: Insertable<PricePackageTable>; outcome: Outcome }> = [];
  for (const pack of packages)
    plannedPackages.push(await planPricePackage(db, pack, storedPackages, media, problems));
  if (problems.length > 0) return { problems, items: [], removedImages: 0 };

  const now = nowIso(at);
  const storedPageById = new Map(storedPages.map((p) => [p.id, p]));
  return db.transaction().execute(async (trx) => {
    const items: CatalogueImportReport['items'] = [];
    for (const image of media) await insertMediaIfMissing(trx, { ...image, createdAt: now });
    for (const plan of plannedServices) {
      const outcome: Outcome = !plan.existing ? 'created' : plan.unchanged ? 'unchanged' : 'updated';
      if (outcome !== 'unchanged') {
        await upsertService(trx, plan.row);
        await replaceServiceImages(trx, plan.file.id, plan.images);
      }
      items.push({ item: `service ${plan.file.id}`, outcome });
    }
    for (const plan of plannedPackages) {
      if (plan.outcome !== 'unchanged') await upsertPricePackage(trx, plan.row);
      items.push({ item: `price package ${plan.row.id}`, outcome: plan.outcome });
    }
    for (const { file } of pages)
      items.push({
        item: `legal page ${file.internerName}`,
        outcome: await saveLegalPage(trx, file, storedPageById.get(file.id), now),
      });
    const removedImages = await deleteUnusedMedia(trx);
    return { problems: [], items, removedImages };
  });
}

async function saveLegalPage(
  db: Db,
  file: LegalPageFile,
  stored:
    { internerName: string; titleDe: string; titleEn: string; htmlDe: string; htmlEn: string } | undefined,
  now: string,
): Promise<Outcome> {
  const row = {
    id: file.id,
    internerName: file.internerName,
    titleDe: file.title.de,
    titleEn: file.title.en,
    htmlDe: file.html.de,
    htmlEn: file.html.en,
  };
  if (
    stored &&
    sameValues(
      stored,
      row,
      Object.keys(row).filter((k) => k !== 'id'),
    )
  )
    return 'unchanged';
  await upsertLegalPage(db, { ...row, updatedAt: now });
  return stored ? 'updated' : 'created';
}
