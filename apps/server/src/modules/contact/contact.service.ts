import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactForm } from '@portal/contract/contact';
import type { Database } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { Language } from '../../lib/language.js';
import { nowIso } from '../../lib/time.js';
import type { ContactMailer } from './contact-mailer.js';
import { insertContactRequest, markContactRequestMailed } from './contact.repository.js';

/**
 * Stores a contact request, then mails it when SMTP is configured. Stored first, so a mail
 * server outage loses nothing; the mail goes out after the answer.
 */
export async function submitContactRequest(
  db: Kysely<Database>,
  mailer: ContactMailer | undefined,
  form: ContactForm,
  language: Language,
  log: FastifyBaseLogger,
): Promise<void> {
  const id = newId();
  await insertContactRequest(db, { id, form, language, now: nowIso() });
  if (!mailer) return;
  mailer
    .send({ ...form, language })
    .then(() => markContactRequestMailed(db, id, nowIso()))
    .catch((error: unknown) => log.error({ err: error }, 'contact mail failed'));
}
