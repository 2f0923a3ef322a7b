import type { ContactForm } from '@portal/contract/contact';
import type { Db } from '../../db/database.js';
import type { Language } from '../../lib/language.js';

export async function insertContactRequest(
  db: Db,
  row: {
    id: string;
    form: ContactForm;
    packageName: { de: string; en: string } | null;
    language: Language;
    now: string;
    mailId: string | null;
    /** The privacy text accepted: the "datenschutz" page's updated_at (docs/privacy.md#consent). */
    privacyVersion: string | null;
  },
): Promise<void> {
  await db
    .insertInto('contactRequest')
    .values({
      id: row.id,
      firstname: row.form.firstname,
      subname: row.form.subname,
      email: row.form.email,
      message: row.form.message ?? '',
      topic: row.form.topic ?? 'question',
      packageNameDe: row.packageName?.de ?? null,
      packageNameEn: row.packageName?.en ?? null,
      termsAccepted: 1,
      language: row.language,
      createdAt: row.now,
      mailId: row.mailId,
      privacyVersion: row.privacyVersion,
      privacyAcceptedAt: row.now,
    })
    .execute();
}

/** A price package's names, or undefined when there is no such package. */
export async function pricePackageNames(db: Db, id: string): Promise<{ de: string; en: string } | undefined> {
  const row = await db
    .selectFrom('pricePackage')
    .select(['nameDe', 'nameEn'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { de: row.nameDe, en: row.nameEn } : undefined;
}

/** The legal page whose text a sender accepts with the contact form. */
const PRIVACY_PAGE = 'datenschutz';

/**
 * The version of the privacy text visitors see now: its page's updated_at (every edit sets it),
 * or null when the portal has no such page.
 */
export async function currentPrivacyVersion(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('legalPage')
    .select('updatedAt')
    .where('internerName', '=', PRIVACY_PAGE)
    .executeTakeFirst();
  return row?.updatedAt ?? null;
}
