import { z } from 'zod';
import { pageQueryShape, pageSchema } from './admin-common.js';
import { idSchema, isoDateSchema } from './common.js';

// The audit log of the admin console (docs/admin.md#audit-log).

/** What kind of object an admin write changed; each area adds its own. */
export const auditObjectTypeSchema = z.string().regex(/^[a-z_]{1,40}$/);

export const auditQuerySchema = z
  .object({
    ...pageQueryShape,
    /** First and last day (UTC), both included. */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    /** The actor's person id. */
    actor: idSchema.optional(),
    type: auditObjectTypeSchema.optional(),
  })
  .strict();
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO timestamp (UTC). */
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string() }),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  /** The object before the change (null: created) and after it (null: deleted). */
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
