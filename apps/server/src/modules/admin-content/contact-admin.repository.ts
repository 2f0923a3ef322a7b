import type { ContactRequestState } from '@portal/contract/admin-content';
import type { Db } from '../../db/database.js';

/** Contact requests with their notice mail's state, newest first (ties by id, so pages never overlap). */
export function contactRequestsQuery(db: Db, filter: { state?: ContactRequestState | undefined }) {
  let query = db
    .selectFrom('contactRequest')
    .leftJoin('mailOutbox', 'mailOutbox.id', 'contactRequest.mailId')
    .select([
      'contactRequest.id',
      'contactRequest.createdAt',
      'contactRequest.firstname',
      'contactRequest.subname',
      'contactRequest.email',
      'contactRequest.message',
      'contactRequest.topic',
      'contactRequest.packageNameDe',
      'contactRequest.packageNameEn',
      'contactRequest.language',
      'contactRequest.state',
      'contactRequest.note',
      'contactRequest.updatedAt',
      'contactRequest.privacyVersion',
      'contactRequest.privacyAcceptedAt',
      'mailOutbox.state as mailState',
      'mailOutbox.attempts as mailAttempts',
      'mailOutbox.lastError as mailLastError',
      'mailOutbox.sentAt as mailSentAt',
    ]);
  if (filter.state) query = query.where('contactRequest.state', '=', filter.state);
  return query.orderBy('contactRequest.createdAt', 'desc').orderBy('contactRequest.id', 'desc');
}

export async function updateContactRequest(
  db: Db,
  id: string,
  changes: { state?: ContactRequestState; note?: string; updatedAt: string },
): Promise<void> {
  await db.updateTable('contactRequest').set(changes).where('id', '=', id).execute();
}
