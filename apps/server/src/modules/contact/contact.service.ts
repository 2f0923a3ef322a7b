import type { Kysely } from 'kysely';
import type { ContactForm } from '@portal/contract/contact';
import type { Database } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { Language } from '../../lib/language.js';
import { contactRequestMail } from '../mail/mail.templates.js';
import { queueMail } from '../mail/outbox.service.js';
import { currentPrivacyVersion, insertContactRequest, pricePackageNames } from './contact.repository.js';

/** The provider's team reads German, the portal's first language. */
const TEAM_LANGUAGE: Language = 'de';

/**
 * Stores a contact request and, when CONTACT_TO is set, queues the notice to the provider's
 * team in the same transaction: the request and its mail are kept together or not at all, and
 * the outbox worker sends the mail (retrying while the mail server is away). An offer for a
 * price package that no longer exists is refused (the sender's page is out of date).
 */
export async function submitContactRequest(
  db: Kysely<Database>,
  contactTo: string | undefined,
  form: ContactForm,
  language: Language,
  now: Date,
): Promise<'sent' | 'unknownPackage'> {
  return db.transaction().execute(async (trx) => {
    const packageName = form.packageId === undefined ? null : await pricePackageNames(trx, form.packageId);
    if (packageName === undefined) return 'unknownPackage';
    const details = {
      ...form,
      message: form.message ?? '',
      topic: form.topic ?? 'question',
      packageName: packageName?.[TEAM_LANGUAGE] ?? null,
      language,
    };
    // The request remembers its mail, so the admin console can show whether it was delivered.
    const mailId = contactTo
      ? await queueMail(
          trx,
          {
            kind: 'contact',
            to: contactTo,
            replyTo: form.email,
            language: TEAM_LANGUAGE,
            content: contactRequestMail(details, TEAM_LANGUAGE),
          },
          now,
        )
      : null;
    // The form cannot be sent without accepting the privacy text (contract: terms); the request
    // records which text that was and when (docs/privacy.md#consent).
    const privacyVersion = await currentPrivacyVersion(trx);
    await insertContactRequest(trx, {
      id: newId(),
      form,
      packageName,
      language,
      now: now.toISOString(),
      mailId,
      privacyVersion,
    });
    return 'sent';
  });
}
