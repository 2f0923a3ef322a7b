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
