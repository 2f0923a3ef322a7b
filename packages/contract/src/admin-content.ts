import { z } from 'zod';
import { pageQueryShape, pageSchema } from './admin-common.js';
import { i18nTextSchema, idSchema, languageSchema } from './common.js';
import { contactTopicSchema } from './contact.js';
import { namespaceSchema } from './translation.js';
import { multiLineText, singleLineText } from './text.js';

// Price packages, legal pages, texts and contact requests as the admin console edits them
// (docs/admin.md#content). The GET of one object answers exactly the shape POST and PATCH
// accept: a script can read an object, change a field and send it back.

/** Field limits, shared by the server's schemas and the web app's forms. */
export const ADMIN_CONTENT_LIMITS = {
  packageName: 100,
  packageDescription: 1000,
  /** Euro cents: one million euros. */
  cents: 100_000_000,
  /** Calls per month; the column is a 32-bit integer. */
  calls: 2_000_000_000,
  legalTitle: 200,
  /** HTML, sanitized on write. */
  legalHtml: 200_000,
  internalName: 64,
  text: 10_000,
  note: 2000,
  search: 100,
  /** Places in an ordered list (0 = first); larger values mean "last". */
  position: 10_000,
} as const;

const L = ADMIN_CONTENT_LIMITS;
const line = (max: number) => singleLineText().trim().min(1).max(max);
const bilingual = <T extends z.ZodType>(schema: T) => z.object({ de: schema, en: schema }).strict();
const position = z.number().int().min(0).max(L.position);

/** A catalogue image as the media route serves it; only an image the portal already has. */
const mediaUrlSchema = z.string().regex(/^\/rest\/media\/[A-Za-z0-9]{1,64}$/, 'a catalogue image');

// ---------------------------------------------------------------------------------------------
// Price packages

export const adminPricePackageSchema = z
  .object({
    id: idSchema,
    name: bilingual(line(L.packageName)),
    description: bilingual(multiLineText().trim().min(1).max(L.packageDescription)),
    img: mediaUrlSchema.nullable(),
    /** Gross monthly price in euro cents. */
    grossMonthlyCents: z.number().int().min(0).max(L.cents),
    /** Calls included per month. */
    calls: z.number().int().min(0).max(L.calls),
    /** Place on /price (0 = first). */
    position,
  })
  .strict();
export type AdminPricePackage = z.infer<typeof adminPricePackageSchema>;

/** A new package: the same shape; without id one is made, without position it goes last. */
export const adminPricePackageCreateSchema = adminPricePackageSchema.extend({
  id: idSchema.optional(),
  img: mediaUrlSchema.nullable().default(null),
  position: position.optional(),
});
export type AdminPricePackageCreate = z.input<typeof adminPricePackageCreateSchema>;

/** Changed fields only (or the whole object as GET answered it); the id cannot change. */
export const adminPricePackagePatchSchema = adminPricePackageSchema.partial().strict();
export type AdminPricePackagePatch = z.infer<typeof adminPricePackagePatchSchema>;

export const adminPricePackageListSchema = pageSchema(adminPricePackageSchema);
export type AdminPricePackageList = z.infer<typeof adminPricePackageListSchema>;

// ---------------------------------------------------------------------------------------------
// Legal pages

/** The pages the portal itself links to (footer, sign-up, contact form): never deleted or renamed. */
export const LINKED_LEGAL_PAGES = ['impressum', 'datenschutz', 'agb'] as const;

export const adminLegalPageSchema = z
  .object({
    id: idSchema,
    /** The page's address: /rechtliches/{internalName}. */
    internalName: z
      .string()
      .max(L.internalName)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single dashes'),
    title: bilingual(line(L.legalTitle)),
    /** HTML; stored sanitized (what comes back may differ from what was sent). */
    html: bilingual(multiLineText().max(L.legalHtml)),
    /** Place in the list of legal pages (0 = first). */
    position,
  })
  .strict();
export type AdminLegalPage = z.infer<typeof adminLegalPageSchema>;

export const adminLegalPageCreateSchema = adminLegalPageSchema.extend({
  id: idSchema.optional(),
  position: position.optional(),
});
export type AdminLegalPageCreate = z.input<typeof adminLegalPageCreateSchema>;

export const adminLegalPagePatchSchema = adminLegalPageSchema.partial().strict();
export type AdminLegalPagePatch = z.infer<typeof adminLegalPagePatchSchema>;

export const adminLegalPageListItemSchema = adminLegalPageSchema.extend({ updatedAt: z.string() });
export const adminLegalPageListSchema = pageSchema(adminLegalPageListItemSchema);
export type AdminLegalPageList = z.infer<typeof adminLegalPageListSchema>;

// ---------------------------------------------------------------------------------------------
// Texts

/** `Namespace.id`: the `key` the public translation call answers (an `id` alone repeats across namespaces). */
export const translationKeySchema = z
  .string()
  .max(300)
  .regex(/^[A-Za-z][A-Za-z0-9]{0,63}\.[A-Za-z0-9_.]{1,200}$/, 'Namespace.id');

export const adminTranslationQuerySchema = z
  .object({
    ...pageQueryShape,
    namespace: namespaceSchema.optional(),
    /** Part of the key or of either text, any case. */
    q: singleLineText().trim().max(L.search).optional(),
    /** 1: only keys where a language is empty. */
    missing: z.enum(['0', '1']).optional(),
  })
  .strict();
export type AdminTranslationQuery = z.input<typeof adminTranslationQuerySchema>;

/**
 * The texts of one key. German is required (it is every text's fallback); an empty English
 * text shows the German one. Placeholders such as `{{count}}` must stay as shipped.
 */
export const adminTranslationSchema = z
  .object({
    de: multiLineText().max(L.text).refine((v) => v.trim().length > 0, { message: 'required' }),
    en: multiLineText().max(L.text),
  })
  .strict();
export type AdminTranslation = z.infer<typeof adminTranslationSchema>;

export const adminTranslationPatchSchema = adminTranslationSchema.partial().strict();

export const adminTranslationItemSchema = z.object({
  /** `Namespace.id`, the id of PATCH …/translation/{key}. */
  key: z.string(),
  namespace: z.string(),
  id: z.string(),
  de: z.string(),
  en: z.string(),
  /** The text as the release ships it; a console edit differs from it. */
  shipped: z.object({ de: z.string(), en: z.string() }).nullable(),
  /** Edited here or imported: a new release keeps it. */
  customised: z.boolean(),
});
export type AdminTranslationItem = z.infer<typeof adminTranslationItemSchema>;

export const adminTranslationListSchema = pageSchema(adminTranslationItemSchema).extend({
  /** Every namespace, for the filter. */
  namespaces: z.array(z.string()),
});
export type AdminTranslationList = z.infer<typeof adminTranslationListSchema>;

// ---------------------------------------------------------------------------------------------
// Contact requests

export const contactRequestStateSchema = z.enum(['new', 'in_progress', 'done']);
export type ContactRequestState = z.infer<typeof contactRequestStateSchema>;

export const adminContactRequestQuerySchema = z
  .object({ ...pageQueryShape, state: contactRequestStateSchema.optional() })
  .strict();
export type AdminContactRequestQuery = z.input<typeof adminContactRequestQuerySchema>;

export const adminContactRequestPatchSchema = z
  .object({ state: contactRequestStateSchema, note: multiLineText().trim().max(L.note) })
  .partial()
  .strict();
export type AdminContactRequestPatch = z.infer<typeof adminContactRequestPatchSchema>;

export const adminContactRequestSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  message: z.string(),
  topic: contactTopicSchema,
  /** The price package an offer was asked for, named as it was then; null: none chosen. */
  package: i18nTextSchema.nullable(),
  language: languageSchema,
  state: contactRequestStateSchema,
  note: z.string(),
  /** When the state or note last changed; null: never. */
  updatedAt: z.string().nullable(),
  /** The notice to the provider's team in the outbox; null when none was queued (CONTACT_TO unset). */
  mail: z
    .object({
      state: z.enum(['queued', 'sent', 'failed']),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      sentAt: z.string().nullable(),
    })
    .nullable(),
  /**
   * The privacy text the sender accepted (version: the privacy page's last change) and when;
   * null for requests from before this was recorded.
   */
  privacy: z.object({ version: z.string().nullable(), acceptedAt: z.string() }).nullable(),
});
export type AdminContactRequest = z.infer<typeof adminContactRequestSchema>;

export const adminContactRequestListSchema = pageSchema(adminContactRequestSchema);
export type AdminContactRequestList = z.infer<typeof adminContactRequestListSchema>;
