import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { PageQuery } from '@portal/contract/admin-common';
import {
  LINKED_LEGAL_PAGES,
  type AdminLegalPage,
  type AdminLegalPageList,
  type AdminLegalPagePatch,
  type adminLegalPageCreateSchema,
} from '@portal/contract/admin-content';
import type { Database, Db, LegalPageTable } from '../../db/database.js';
import { HttpError, validation } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { nowIso } from '../../lib/time.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import type { AuditActor } from '../audit/audit.service.js';
import { deleteLegalPage, insertLegalPage, listLegalPageRows, setLegalPageOrder, updateLegalPage } from './legal-admin.repository.js';
import { createOrdered, deleteOrdered, getOrdered, patchOrdered, type OrderedContent } from './ordered-list.js';
import { pageOfList } from './ordering.js';

// Legal pages as the admin console edits them (docs/admin.md#legal-pages). Their HTML is
// sanitized here, before it is stored, and again by the web app when it shows it. Every write
// is audited in its transaction and drops the cached catalogue on every instance once committed.

const OBJECT_TYPE = 'rechtliches';
type Row = Selectable<LegalPageTable>;
type Create = z.output<typeof adminLegalPageCreateSchema>;

const linked: ReadonlySet<string> = new Set(LINKED_LEGAL_PAGES);

function toAdmin(row: Row, position: number): AdminLegalPage {
  return {
    id: row.id,
    internalName: row.internerName,
    title: { de: row.titleDe, en: row.titleEn },
    html: { de: row.htmlDe, en: row.htmlEn },
    position,
  };
}

const clean = (html: { de: string; en: string }) => ({ htmlDe: sanitizeRichText(html.de), htmlEn: sanitizeRichText(html.en) });

const legalPages: OrderedContent<Row, AdminLegalPage> = {
  objectType: OBJECT_TYPE,
  rows: listLegalPageRows,
  setOrder: setLegalPageOrder,
  toAdmin,
};

export async function listAdminLegalPages(db: Db, page: PageQuery): Promise<AdminLegalPageList> {
  const rows = await listLegalPageRows(db);
  return pageOfList(
    rows.map((row, index) => ({ ...toAdmin(row, index), updatedAt: row.updatedAt })),
    page,
  );
}

export async function getAdminLegalPage(db: Db, id: string): Promise<AdminLegalPage> {
  return getOrdered(legalPages, db, id);
}

export async function createAdminLegalPage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  input: Create,
): Promise<AdminLegalPage> {
  const id = input.id ?? newId();
  return createOrdered(legalPages, db, changes, who, { id, position: input.position }, async (trx, rows, sortOrder) => {
    if (rows.some((row) => row.internerName === input.internalName)) throw validation({ internalName: 'taken' });
    await insertLegalPage(trx, {
      id,
      internerName: input.internalName,
      titleDe: input.title.de,
      titleEn: input.title.en,
      ...clean(input.html),
      updatedAt: nowIso(who.at),
      sortOrder,
    });
  });
}

export async function patchAdminLegalPage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  id: string,
  patch: AdminLegalPagePatch,
): Promise<AdminLegalPage> {
  return patchOrdered(legalPages, db, changes, who, id, patch, async (trx, row, rows) => {
    const renamed = patch.internalName !== undefined && patch.internalName !== row.internerName;
    if (renamed && linked.has(row.internerName)) throw validation({ internalName: 'linkedPage' });
    if (renamed && rows.some((other) => other.internerName === patch.internalName)) {
      throw validation({ internalName: 'taken' });
    }
    await updateLegalPage(trx, id, {
      ...(patch.internalName !== undefined ? { internerName: patch.internalName } : {}),
      ...(patch.title ? { titleDe: patch.title.de, titleEn: patch.title.en } : {}),
      ...(patch.html ? clean(patch.html) : {}),
      updatedAt: nowIso(who.at),
    });
  });
}

export async function deleteAdminLegalPage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  id: string,
): Promise<void> {
  await deleteOrdered(legalPages, db, changes, who, id, async (trx, row) => {
    if (linked.has(row.internerName)) throw new HttpError(409, 'conflict', { internalName: 'linkedPage' });
    await deleteLegalPage(trx, id);
  });
}
