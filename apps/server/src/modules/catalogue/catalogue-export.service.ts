import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { CatalogueExport, PricePackageFile, ServiceFile } from './catalogue-files.js';
import { parseForm, toServiceFields } from './catalogue.mapper.js';
import {
  listLegalPages,
  listPricePackages,
  listServiceImageRows,
  listServices,
} from './catalogue.repository.js';
import { findMedia } from './media.repository.js';

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
};

/** Adds a stored image to `images` as `<name>.<ext>` and answers the file name (null: none). */
async function addImage(
  db: Kysely<Database>,
  images: Map<string, Buffer>,
  mediaId: string | null,
  name: string,
) {
  if (!mediaId) return null;
  const media = await findMedia(db, mediaId);
  if (!media) return null;
  const file = `${name}.${EXTENSIONS[media.contentType] ?? 'webp'}`;
  images.set(file, media.bytes);
  return file;
}

/** The whole catalogue as files (see catalogue-files.ts); galleries at their largest size. */
export async function exportCatalogue(db: Kysely<Database>): Promise<CatalogueExport> {
  const result: CatalogueExport = { services: [], pricePackages: [], legalPages: [] };
  for (const row of (await listServices(db)).sort((a, b) => a.id.localeCompare(b.id))) {
    const images = new Map<string, Buffer>();
    const gallery: ServiceFile['gallery'] = [];
    for (const image of await listServiceImageRows(db, row.id)) {
      const file = await addImage(db, images, image.xlgMediaId, `gallery-${image.position + 1}`);
      if (file) gallery.push({ name: { de: image.nameDe, en: image.nameEn }, image: file });
    }
    const file: ServiceFile = {
      ...toServiceFields(row),
      settingsForm: parseForm(row.formJson),
      logo: await addImage(db, images, row.logoMediaId, 'logo'),
      thumbnail: await addImage(db, images, row.thumbnailMediaId, 'thumbnail'),
      gallery,
    };
    result.services.push({ file, images });
  }
  for (const row of await listPricePackages(db)) {
    const images = new Map<string, Buffer>();
    const file: PricePackageFile = {
      id: row.id,
      name: { de: row.nameDe, en: row.nameEn },
      description: { de: row.descriptionDe, en: row.descriptionEn },
      grossMonthlyCents: row.bruttoMonatlich,
      callsPerMonth: row.calls,
      sortOrder: row.sortOrder,
      image: await addImage(db, images, row.imgMediaId, 'image'),
    };
    result.pricePackages.push({ file, images });
  }
  for (const row of await listLegalPages(db)) {
    result.legalPages.push({
      id: row.id,
      internerName: row.internerName,
      title: { de: row.titleDe, en: row.titleEn },
      html: { de: row.htmlDe, en: row.htmlEn },
    });
  }
  return result;
}
