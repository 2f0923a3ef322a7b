import { z } from 'zod';
import {
  ADMIN_SERVICE_LIMITS as L,
  adminServiceSchema,
  settingsSectionSchema,
} from '@portal/contract/admin-service';
import { idSchema } from '@portal/contract/common';
import { multiLineText, singleLineText } from '@portal/contract/text';

// The catalogue as files, for `portal catalogue:export DIR` and `catalogue:import DIR`: readable
// JSON that an operator edits in a text editor, and images as files beside it.
//
//   services/<id>/service.json       one service, images named relative to this folder
//   price-packages/<id>/package.json one price package
//   legal-pages/<name>.json          one legal page
//
// Money is in euro cents (whole numbers), as stored; images may be PNG, JPEG, WebP or SVG.

const line = (max: number) => singleLineText().trim().min(1).max(max);
const text = (max: number) => multiLineText().max(max);
const bilingual = <T extends z.ZodType>(schema: T) => z.object({ de: schema, en: schema }).strict();
const cents = z.number().int().min(0).max(100_000_000);
/** An image file in the item's folder: a plain name, no path. */
export const imageFileSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\.(webp|png|jpe?g|svg)$/i, 'an image file name in the same folder');

/**
 * A service: the fields and limits of the admin console's service (the contract), but images as
 * file names, no retirement, a settings form that may be null (none) and gallery names that must
 * not be empty.
 */
export const serviceFileSchema = adminServiceSchema
  .omit({ settingsForm: true, logo: true, thumbnail: true, gallery: true, retired: true })
  .extend({
    /** Settings form of a licence, or null when the service has none. */
    settingsForm: z.array(settingsSectionSchema).max(L.sections).nullable(),
    logo: imageFileSchema.nullable(),
    thumbnail: imageFileSchema.nullable(),
    gallery: z
      .array(z.object({ name: bilingual(line(L.galleryName)), image: imageFileSchema }).strict())
      .max(L.gallery),
  })
  .strict();
export type ServiceFile = z.infer<typeof serviceFileSchema>;

export const pricePackageFileSchema = z
  .object({
    id: idSchema,
    name: bilingual(line(100)),
    description: bilingual(text(5000)),
    grossMonthlyCents: cents,
    callsPerMonth: z.number().int().min(0).max(10_000_000_000),
    sortOrder: z.number().int().min(-1000).max(1000),
    image: imageFileSchema.nullable(),
  })
  .strict();
export type PricePackageFile = z.infer<typeof pricePackageFileSchema>;

export const legalPageFileSchema = z
  .object({
    id: idSchema,
    /** The page's address: /rechtliches/<internerName>. */
    internerName: z.string().regex(/^[a-z][a-z0-9-]{0,49}$/, 'lower-case letters, digits and -'),
    title: bilingual(line(200)),
    /** HTML; the web app sanitizes it when it shows it. */
    html: bilingual(text(200_000)),
  })
  .strict();
export type LegalPageFile = z.infer<typeof legalPageFileSchema>;

/** One item as read from disk: its folder's JSON (unparsed) and the image files it may name. */
export interface CatalogueItemSource {
  /** Where it came from, for the report (services/captchaPro/service.json). */
  path: string;
  json: unknown;
  images: ReadonlyMap<string, Buffer>;
}

export interface CatalogueSource {
  services: CatalogueItemSource[];
  pricePackages: CatalogueItemSource[];
  legalPages: CatalogueItemSource[];
}

/** The catalogue to write to disk: each item's JSON and its image files. */
export interface CatalogueExport {
  services: Array<{ file: ServiceFile; images: Map<string, Buffer> }>;
  pricePackages: Array<{ file: PricePackageFile; images: Map<string, Buffer> }>;
  legalPages: LegalPageFile[];
}
