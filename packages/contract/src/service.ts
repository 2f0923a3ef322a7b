import { z } from 'zod';
import { CATALOGUE_SEARCH_LIMITS, CATEGORY_PATTERN } from './catalogue-search.js';
import { accountingSchema, i18nTextSchema, isoDateSchema } from './common.js';
import { singleLineText } from './text.js';

export const imageSizesSchema = z.object({
  xs: z.string(),
  sm: z.string(),
  md: z.string(),
  lg: z.string(),
  xlg: z.string(),
});

export const galleryItemSchema = z.object({
  key: z.string(),
  preview: z.string(),
  name: i18nTextSchema,
  sizes: imageSizesSchema,
  width: z.number().int(),
  height: z.number().int(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const formFieldSchema = z.object({
  id: z.string(),
  name: i18nTextSchema,
  fieldType: z.enum(['text', 'textarea']),
});
export const formSectionSchema = z.object({
  id: z.string(),
  label: i18nTextSchema,
  fields: z.array(formFieldSchema),
});
export type FormSection = z.infer<typeof formSectionSchema>;

export const serviceSummarySchema = z.object({
  key: z.string(),
  id: z.string(),
  category: z.string(),
  name: i18nTextSchema,
  descriptionShort: i18nTextSchema,
  accounting: accountingSchema,
  logo: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** Euro, rounded to cents. */
  pricePer1000Calls: z.number(),
  monthlyFee: z.number(),
  singlePayment: z.number(),
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

export const serviceSchema = serviceSummarySchema.extend({
  description: i18nTextSchema,
  demoHref: z.string().nullable(),
  data_copyright: z.string().nullable(),
  data_lastupdate: isoDateSchema.nullable(),
  gallery: z.array(galleryItemSchema),
  hasForm: z.boolean(),
  /** It has a published API reference (docs/domain.md#api-reference). */
  hasApiReference: z.boolean(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceListQuerySchema = z.object({
  orderby: z.enum(['name']).optional(),
  /** Words to find in name or short description, either language; case and umlauts do not matter. */
  q: singleLineText().max(CATALOGUE_SEARCH_LIMITS.query).optional(),
  /** One category, as an admin set it on the services. */
  category: z.string().regex(CATEGORY_PATTERN, 'lower-case letters, digits and -').optional(),
});

export const serviceListSchema = z.array(serviceSummarySchema);
