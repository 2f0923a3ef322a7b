import type { Db, MailState } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { Language } from '../../lib/language.js';
import { nowIso } from '../../lib/time.js';
import type { MailContent } from './mail.templates.js';
import { insertMail, listMail } from './outbox.repository.js';

export interface QueuedMail {
  /** What caused it (contact, …), shown to admins. */
  kind: string;
  to: string;
  replyTo?: string;
  language: Language;
  content: MailContent;
}

/**
 * Stores a mail for the outbox worker to send and answers its id. Pass the transaction that
 * writes the mail's cause, so both are stored or neither is: a mail server outage then loses nothing.
 */
export async function queueMail(db: Db, mail: QueuedMail, at: Date): Promise<string> {
  const now = nowIso(at);
  const id = newId();
  await insertMail(db, {
    id,
    kind: mail.kind,
    toAddress: mail.to,
    replyTo: mail.replyTo ?? null,
    language: mail.language,
    subject: mail.content.subject,
    textBody: mail.content.text,
    htmlBody: mail.content.html,
    state: 'queued',
    nextAttemptAt: now,
    createdAt: now,
  });
  return id;
}

/** The newest mails of the outbox with their state, for admins. */
export async function outboxList(db: Db, query: { state?: MailState | undefined; limit: number }) {
  const rows = await listMail(db, query);
  return rows.map(({ toAddress, ...row }) => ({ ...row, to: toAddress }));
}
