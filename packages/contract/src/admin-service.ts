import { z } from 'zod';
import { pageQueryShape, pageSchema } from './admin-common.js';
import { accountingSchema, idSchema, isoDateSchema } from './common.js';
import { multiLineText, singleLineText } from './text.js';

// A service as the admin console edits it (docs/admin.md#services). GET of one service answers
// exactly this shape, and POST and PATCH accept it: a script can read a service, change a field
// and send it back. Money is in euro cents (whole numbers), as stored. The body travels as JSON
// (its settings form is deeper and longer than a form-encoded body may be).

/** Field limits, shared by the server's schemas and the web app's forms. */
export const ADMIN_SERVICE_LIMITS = {
  name: 100,
  descriptionShort: 1000,
  /** HTML, sanitized on write. */
  description: 100_000,
  demoHref: 500,
  dataCopyright: 300,
  template: 20_000,
  sectionLabel: 200,
  fieldName: 300,
  sections: 20,
  fieldsPerSection: 50,
  galleryName: 200,
  gallery: 20,
  /** Euro cents: one million euros. */
  cents: 100_000_000,
} as const;

/** Images an admin may upload (gallery, logo, thumbnail); decided by their bytes, not their name. */
export const SERVICE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const SERVICE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Where an uploaded image goes: one more gallery picture, or the service's logo or thumbnail. */
export const serviceImageSlotSchema = z.enum(['gallery', 'logo', 'thumbnail']);
export type ServiceImageSlot = z.infer<typeof serviceImageSlotSchema>;

/** The placeholder in the code templates that becomes a licence's key. */
export const LICENCE_KEY_PLACEHOLDER = '{{licenceKey}}';

const L = ADMIN_SERVICE_LIMITS;
const line = (max: number) => singleLineText().trim().min(1).max(max);
const text = (max: number) => multiLineText().max(max);
const bilingual = <T extends z.ZodType>(schema: T) => z.object({ de: schema, en: schema }).strict();
const cents = z.number().int().min(0).max(L.cents);

/** A catalogue image as the media route serves it: the same value goes back unchanged. */
export const mediaUrlSchema = z.string().regex(/^\/rest\/media\/[A-Za-z0-9]{1,64}$/, 'a catalogue image');

export const settingsFieldSchema = z
  .object({ id: idSchema, name: bilingual(line(L.fieldName)), fieldType: z.enum(['text', 'textarea']) })
  .strict();
export const settingsSectionSchema = z
  .object({
    id: idSchema,
    label: bilingual(line(L.sectionLabel)),
    fields: z.array(settingsFieldSchema).max(L.fieldsPerSection),
  })
  .strict();
export type SettingsSection = z.infer<typeof settingsSectionSchema>;

export const adminGalleryImageSchema = z
  .object({
    id: idSchema,
    name: bilingual(singleLineText().trim().max(L.galleryName)),
    /** The smallest size, for the list; read-only (a different value is refused). */
    preview: mediaUrlSchema,
  })
  .strict();
export type AdminGalleryImage = z.infer<typeof adminGalleryImageSchema>;

const unique = (ids: string[]) => new Set(ids).size === ids.length;

export const adminServiceSchema = z
  .object({
    id: idSchema,
    category: z.string().regex(/^[a-z][a-z0-9-]{0,49}$/, 'lower-case letters, digits and -'),
    name: bilingual(line(L.name)),
    descriptionShort: bilingual(text(L.descriptionShort)),
    /** HTML; stored sanitized (what comes back may differ from what was sent). */
    description: bilingual(text(L.description)),
    accounting: accountingSchema,
    pricePer1000CallsCents: cents,
    monthlyFeeCents: cents,
    singlePaymentCents: cents,
    demoHref: z
      .url({ protocol: /^https?$/ })
      .max(L.demoHref)
      .nullable(),
    dataCopyright: line(L.dataCopyright).nullable(),
    dataLastUpdate: isoDateSchema.nullable(),
    integrationCode: z
      .object({
        type: z.enum(['html', 'javascript']),
        /** The JS/HTML snippet; `{{licenceKey}}` becomes the licence's key. */
        template: text(L.template),
        /** The PHP (backend) snippet, or null when the service has none. */
        backendTemplate: text(L.template).nullable(),
      })
      .strict(),
    /** The settings form of a licence; empty when the service has none. */
    settingsForm: z
      .array(settingsSectionSchema)
      .max(L.sections)
      .refine((sections) => unique(sections.map((s) => s.id)), 'section ids must differ')
      .refine(
        (sections) => sections.every((s) => unique(s.fields.map((f) => f.id))),
        'field ids must differ within a section',
      ),
    logo: mediaUrlSchema.nullable(),
    thumbnail: mediaUrlSchema.nullable(),
    /** Order and names of the gallery; pictures are added and removed by the gallery routes. */
    gallery: z.array(adminGalleryImageSchema).max(L.gallery),
    /** Retired: hidden from the catalogue and from adding; existing licences work and are billed. */
    retired: z.boolean(),
  })
  .strict();
export type AdminService = z.infer<typeof adminServiceSchema>;

/** A new service: the same shape; a gallery only comes by upload afterwards. */
export const adminServiceCreateSchema = adminServiceSchema.extend({
  gallery: z.array(adminGalleryImageSchema).max(0).default([]),
  logo: mediaUrlSchema.nullable().default(null),
  thumbnail: mediaUrlSchema.nullable().default(null),
  retired: z.boolean().default(false),
});
export type AdminServiceCreate = z.input<typeof adminServiceCreateSchema>;

/** Changed fields only (or the whole object as GET answered it); the id cannot change. */
export const adminServicePatchSchema = adminServiceSchema.partial().strict();
export type AdminServicePatch = z.infer<typeof adminServicePatchSchema>;

/** One row of the admin's list. */
export const adminServiceListItemSchema = z.object({
  id: z.string(),
  category: z.string(),
  name: z.object({ de: z.string(), en: z.string() }),
  accounting: accountingSchema,
  pricePer1000CallsCents: z.number().int(),
  monthlyFeeCents: z.number().int(),
  singlePaymentCents: z.number().int(),
  logo: z.string().nullable(),
  retired: z.boolean(),
  /** Licences not removed by their customer, of every project. */
  licences: z.number().int(),
  updatedAt: z.string(),
});
export type AdminServiceListItem = z.infer<typeof adminServiceListItemSchema>;

export const adminServiceListQuerySchema = z
  .object({ ...pageQueryShape, q: singleLineText().trim().max(100).optional() })
  .strict();

export const adminServiceListSchema = pageSchema(adminServiceListItemSchema);
export type AdminServiceList = z.infer<typeof adminServiceListSchema>;

/** PATCH …/gallery/{imageId}: new names and/or a new place (0 = first). */
export const adminGalleryPatchSchema = z
  .object({
    name: bilingual(singleLineText().trim().max(L.galleryName)).optional(),
    position: z.number().int().min(0).max(L.gallery).optional(),
  })
  .strict();
export type AdminGalleryPatch = z.infer<typeof adminGalleryPatchSchema>;
