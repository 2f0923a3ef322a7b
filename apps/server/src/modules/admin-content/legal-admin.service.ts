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
import { HttpError, notFound, validation } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { nowIso } from '../../lib/time.js';
import type { ChangeFeed } from '../../plugins/change-feed.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { catalogueChanged } from '../catalogue/catalogue-changes.js';
import { deleteLegalPage, insertLegalPage, listLegalPageRows, setLegalPageOrder, updateLegalPage } from './legal-admin.repository.js';
import { changedSortOrders, moveTo, pageOfList } from './ordering.js';

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

export async function listAdminLegalPages(db: Db, page: PageQuery): Promise<AdminLegalPageList> {
  const rows = await listLegalPageRows(db);
  return pageOfList(
    rows.map((row, index) => ({ ...toAdmin(row, index), updatedAt: row.updatedAt })),
    page,
  );
}

async function findWithPosition(db: Db, id: string) {
  const rows = await listLegalPageRows(db);
  const index = rows.findIndex((row) => row.id === id);
  return { rows, row: rows[index], index };
}

export async function getAdminLegalPage(db: Db, id: string): Promise<AdminLegalPage> {
  const { row, index } = await findWithPosition(db, id);
  if (!row) throw notFound();
  return toAdmin(row, index);
}

export async function createAdminLegalPage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  input: Create,
): Promise<AdminLegalPage> {
  const id = input.id ?? newId();
  const created = await db.transaction().execute(async (trx) => {
    const rows = await listLegalPageRows(trx);
    if (rows.some((row) => row.id === id)) throw validation({ id: 'taken' });
    if (rows.some((row) => row.internerName === input.internalName)) throw validation({ internalName: 'taken' });
    await insertLegalPage(trx, {
      id,
      internerName: input.internalName,
      titleDe: input.title.de,
      titleEn: input.title.en,
      ...clean(input.html),
      updatedAt: nowIso(),
      sortOrder: rows.length + 1,
    });
    const order = moveTo([...rows.map((row) => row.id), id], id, input.position ?? rows.length);
    await setLegalPageOrder(trx, changedSortOrders([...rows, { id, sortOrder: rows.length + 1 }], order));
    const after = await getAdminLegalPage(trx, id);
    await recordAudit(trx, { ...who, action: 'create', objectType: OBJECT_TYPE, objectId: id, before: null, after });
    return after;
  });
  await catalogueChanged(changes);
  return created;
}

export async function patchAdminLegalPage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  id: string,
  patch: AdminLegalPagePatch,
): Promise<AdminLegalPage> {
  if (patch.id !== undefined && patch.id !== id) throw validation({ id: 'invalid' });
  const updated = await db.transaction().execute(async (trx) => {
    const { rows, row, index } = await findWithPosition(trx, id);
    if (!row) throw notFound();
    const renamed = patch.internalName !== undefined && patch.internalName !== row.internerName;
    if (renamed && linked.has(row.internerName)) throw validation({ internalName: 'linkedPage' });
    if (renamed && rows.some((other) => other.internerName === patch.internalName)) {
      throw validation({ internalName: 'taken' });
    }
    const before = toAdmin(row, index);
    await updateLegalPage(trx, id, {
      ...(patch.internalName !== undefined ? { internerName: patch.internalName } : {}),
      ...(patch.title ? { titleDe: patch.title.de, titleEn: patch.title.en } : {}),
      ...(patch.html ? clean(patch.html) : {}),
      updatedAt: nowIso(),
    });
    if (patch.position !== undefined) {
      await setLegalPageOrder(trx, changedSortOrders(rows, moveTo(rows.map((r) => r.id), id, patch.position)));
    }
    const after = await getAdminLegalPage(trx, id);
    await recordAudit(trx, { ...who, action: 'update', objectType: OBJECT_TYPE, objectId: id, before, after });
    return after;
  });
  await catalogueChanged(changes);
  return updated;
}

export async function deleteAdminLegalPage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  id: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows, row, index } = await findWithPosition(trx, id);
    if (!row) throw notFound();
    if (linked.has(row.internerName)) throw new HttpError(409, 'conflict', { internalName: 'linkedPage' });
    await deleteLegalPage(trx, id);
    const rest = rows.filter((r) => r.id !== id);
    await setLegalPageOrder(trx, changedSortOrders(rest, rest.map((r) => r.id)));
    await recordAudit(trx, { ...who, action: 'delete', objectType: OBJECT_TYPE, objectId: id, before: toAdmin(row, index), after: null });
  });
  await catalogueChanged(changes);
}
