import type { ContactForm } from '@portal/contract/contact';
import type { Db } from '../../db/database.js';
import type { Language } from '../../lib/language.js';

export async function insertContactRequest(
  db: Db,
  row: { id: string; form: ContactForm; language: Language; now: string; mailId: string | null },
): Promise<void> {
  await db
    .insertInto('contactRequest')
    .values({
      id: row.id,
      firstname: row.form.firstname,
      subname: row.form.subname,
      email: row.form.email,
      message: row.form.message ?? '',
      termsAccepted: 1,
      language: row.language,
      createdAt: row.now,
      mailId: row.mailId,
    })
    .execute();
}
