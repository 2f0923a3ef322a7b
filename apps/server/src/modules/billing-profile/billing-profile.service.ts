import type { Kysely } from 'kysely';
import type { BillingProfile, BillingProfileValues } from '@portal/contract/billing/billing-profile';
import type { Database } from '../../db/database.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { hasSecondFactor } from '../mfa/mfa.service.js';
import type { SessionPerson } from '../person-record/person.mapper.js';
import { findPerson } from '../person-record/person.repository.js';
import { findBillingProfile, saveBillingProfile, type BillingProfileRow } from './billing-profile.repository.js';

// A customer's billing profile (docs/billing.md#billing-profile): read and written by the person
// themself or by an admin; anyone else finds nothing (404). Every write by an admin is audited in
// the write's transaction.

const AUDIT_TYPE = 'billing_profile';

export function toBillingProfile(row: BillingProfileRow): BillingProfile {
  return {
    personId: row.personId,
    name: row.name,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    vatId: row.vatId,
    invoiceEmail: row.invoiceEmail,
    purchaseOrderRef: row.purchaseOrderRef,
    buyerReference: row.buyerReference,
    wantsXml: row.wantsXml === 1,
    updatedAt: row.updatedAt,
  };
}

/** Who may see and change a person's billing profile. */
export interface BillingCaller {
  user: SessionPerson;
  /** ADMIN_MFA=required: an admin acting for someone else needs a second factor, as on admin routes. */
  adminNeedsSecondFactor: boolean;
}

/**
 * The person's own profile, or any existing person's for an admin; 404 for everyone else (and for
 * people who do not exist), 403 mfaRequired for an admin without the second factor they need.
 */
async function requireAccess(db: Kysely<Database>, caller: BillingCaller, personId: string): Promise<void> {
  if (personId === caller.user.id) return;
  if (caller.user.isAdmin !== 1) throw notFound();
  if (caller.adminNeedsSecondFactor && !(await hasSecondFactor(db, caller.user.id))) throw new HttpError(403, 'mfaRequired');
  // A deleted person (a tombstone) has no billing details to read or write.
  const person = await findPerson(db, personId);
  if (!person || person.deletedAt !== null) throw notFound();
}

/** The profile, or null when the person has none yet. */
export async function getBillingProfile(
  db: Kysely<Database>,
  caller: BillingCaller,
  personId: string,
): Promise<BillingProfile | null> {
  await requireAccess(db, caller, personId);
  const row = await findBillingProfile(db, personId);
  return row ? toBillingProfile(row) : null;
}

const comparable = (profile: BillingProfile | null): string => {
  if (!profile) return '';
  const { updatedAt: _updatedAt, ...fields } = profile;
  return JSON.stringify(fields);
};

/** Writes the profile whole; an admin's write that changes something gets an audit entry. */
export async function putBillingProfile(
  db: Kysely<Database>,
  caller: BillingCaller,
  audit: AuditActor,
  personId: string,
  values: BillingProfileValues,
): Promise<BillingProfile> {
  await requireAccess(db, caller, personId);
  return db.transaction().execute(async (trx) => {
    const beforeRow = await findBillingProfile(trx, personId);
    const before = beforeRow ? toBillingProfile(beforeRow) : null;
    const row: BillingProfileRow = {
      personId,
      name: values.name,
      street: values.street,
      postcode: values.postcode,
      city: values.city,
      country: values.country,
      vatId: values.vatId,
      invoiceEmail: values.invoiceEmail,
      purchaseOrderRef: values.purchaseOrderRef,
      buyerReference: values.buyerReference,
      wantsXml: values.wantsXml ? 1 : 0,
      updatedAt: nowIso(audit.at),
    };
    const after = toBillingProfile(row);
    if (comparable(before) === comparable(after)) return before ?? after;
    await saveBillingProfile(trx, row);
    if (caller.user.isAdmin === 1) {
      await recordAudit(trx, {
        ...audit,
        action: before ? 'update' : 'create',
        objectType: AUDIT_TYPE,
        objectId: personId,
        before,
        after,
      });
    }
    return after;
  });
}
