import type { Kysely } from 'kysely';
import type { SellerSettings, SellerSettingsValues } from '@portal/contract/billing/billing-settings';
import type { Database } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { findSellerSettings, saveSellerSettings, type SellerSettingsRow } from './billing-settings.repository.js';

// The seller settings (docs/billing.md#seller-settings): the provider's data on every invoice, one
// row, written whole by an admin and audited in the write's transaction.

const AUDIT_TYPE = 'billing_settings';
/** The one object of its type in the audit log. */
const AUDIT_ID = 'seller';

function toSellerSettings(row: SellerSettingsRow): SellerSettings {
  const { id: _id, ...fields } = row;
  return fields;
}

/** The settings, or null before an admin has entered them. */
export async function getSellerSettings(db: Kysely<Database>): Promise<SellerSettings | null> {
  const row = await findSellerSettings(db);
  return row ? toSellerSettings(row) : null;
}

const comparable = (settings: SellerSettings | null): string => {
  if (!settings) return '';
  const { updatedAt: _updatedAt, ...fields } = settings;
  return JSON.stringify(fields);
};

/** Writes the settings whole; a write that changes something gets an audit entry. */
export async function putSellerSettings(
  db: Kysely<Database>,
  by: AuditActor,
  values: SellerSettingsValues,
): Promise<SellerSettings> {
  return db.transaction().execute(async (trx) => {
    const beforeRow = await findSellerSettings(trx);
    const before = beforeRow ? toSellerSettings(beforeRow) : null;
    const after: SellerSettings = { ...values, updatedAt: nowIso(by.at) };
    if (comparable(before) === comparable(after)) return before ?? after;
    await saveSellerSettings(trx, after);
    await recordAudit(trx, {
      ...by,
      action: before ? 'update' : 'create',
      objectType: AUDIT_TYPE,
      objectId: AUDIT_ID,
      before,
      after,
    });
    return after;
  });
}
