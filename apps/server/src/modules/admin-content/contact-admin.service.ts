import type { Kysely } from 'kysely';
import type {
  AdminContactRequest,
  AdminContactRequestList,
  AdminContactRequestPatch,
  adminContactRequestQuerySchema,
} from '@portal/contract/admin-content';
import type { z } from 'zod';
import type { Database, Db } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { pageOf } from '../../lib/paging.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { contactRequestsQuery, updateContactRequest } from './contact-admin.repository.js';

// Contact requests in the admin console (docs/admin.md#contact-requests): newest first, with
// the delivery state of the notice mail from the outbox; the team keeps a state and a note.

const OBJECT_TYPE = 'contact_request';

type Row = Awaited<ReturnType<ReturnType<typeof contactRequestsQuery>['executeTakeFirstOrThrow']>>;

function toAdmin(row: Row): AdminContactRequest {
  return {
    id: row.id,
    createdAt: row.createdAt,
    firstname: row.firstname,
    lastname: row.subname,
    email: row.email,
    message: row.message,
    topic: row.topic,
    package:
      row.packageNameDe === null || row.packageNameEn === null ? null : { de: row.packageNameDe, en: row.packageNameEn },
    language: row.language,
    state: row.state,
    note: row.note,
    updatedAt: row.updatedAt,
    mail:
      row.mailState === null
        ? null
        : {
            state: row.mailState,
            attempts: row.mailAttempts ?? 0,
            lastError: row.mailLastError,
            sentAt: row.mailSentAt,
          },
    privacy: row.privacyAcceptedAt === null ? null : { version: row.privacyVersion, acceptedAt: row.privacyAcceptedAt },
  };
}

export async function listAdminContactRequests(
  db: Db,
  query: z.output<typeof adminContactRequestQuerySchema>,
): Promise<AdminContactRequestList> {
  return pageOf(db, contactRequestsQuery(db, { state: query.state }), query, toAdmin);
}

async function findOne(db: Db, id: string): Promise<AdminContactRequest | undefined> {
  const row = await contactRequestsQuery(db, {}).where('contactRequest.id', '=', id).executeTakeFirst();
  return row && toAdmin(row);
}

export async function patchAdminContactRequest(
  db: Kysely<Database>,
  who: AuditActor,
  id: string,
  patch: AdminContactRequestPatch,
): Promise<AdminContactRequest> {
  return db.transaction().execute(async (trx) => {
    const before = await findOne(trx, id);
    if (!before) throw notFound();
    await updateContactRequest(trx, id, {
      ...(patch.state !== undefined ? { state: patch.state } : {}),
      ...(patch.note !== undefined ? { note: patch.note } : {}),
      updatedAt: nowIso(who.at),
    });
    const after = (await findOne(trx, id))!;
    const change = (value: AdminContactRequest) => ({ state: value.state, note: value.note });
    await recordAudit(trx, {
      ...who,
      action: 'update',
      objectType: OBJECT_TYPE,
      objectId: id,
      before: change(before),
      after: change(after),
    });
    return after;
  });
}
