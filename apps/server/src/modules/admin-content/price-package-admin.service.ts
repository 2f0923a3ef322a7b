import type { Kysely, Selectable } from 'kysely';
import type { PageQuery } from '@portal/contract/admin-common';
import type {
  AdminPricePackage,
  AdminPricePackageList,
  AdminPricePackagePatch,
  adminPricePackageCreateSchema,
} from '@portal/contract/admin-content';
import type { z } from 'zod';
import type { Database, Db, PricePackageTable } from '../../db/database.js';
import { notFound, validation } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import type { ChangeFeed } from '../../plugins/change-feed.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { catalogueChanged } from '../catalogue/catalogue-changes.js';
import { mediaUrl } from '../catalogue/catalogue.mapper.js';
import { changedSortOrders, moveTo, pageOfList } from './ordering.js';
import {
  deletePricePackage,
  insertPricePackage,
  listPricePackageRows,
  mediaExists,
  setPricePackageOrder,
  updatePricePackage,
} from './price-package-admin.repository.js';

// Price packages as the admin console edits them (docs/admin.md#price-packages). Every write is
// audited in its transaction and, once committed, drops the cached catalogue on every instance,
// so /price shows it with the next request.

const OBJECT_TYPE = 'price_package';
type Row = Selectable<PricePackageTable>;
type Create = z.output<typeof adminPricePackageCreateSchema>;

function toAdmin(row: Row, position: number): AdminPricePackage {
  return {
    id: row.id,
    name: { de: row.nameDe, en: row.nameEn },
    description: { de: row.descriptionDe, en: row.descriptionEn },
    img: row.imgMediaId ? mediaUrl(row.imgMediaId) : null,
    grossMonthlyCents: row.bruttoMonatlich,
    calls: row.calls,
    position,
  };
}

const mediaIdOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

/** The image must be one the portal serves already (packages get no uploads of their own). */
async function checkImage(db: Db, img: string | null | undefined): Promise<void> {
  if (img && !(await mediaExists(db, mediaIdOf(img)))) throw validation({ img: 'invalid' });
}

export async function listAdminPricePackages(db: Db, page: PageQuery): Promise<AdminPricePackageList> {
  const rows = await listPricePackageRows(db);
  return pageOfList(rows.map(toAdmin), page);
}

async function findWithPosition(db: Db, id: string) {
  const rows = await listPricePackageRows(db);
  const index = rows.findIndex((row) => row.id === id);
  return { rows, row: rows[index], index };
}

export async function getAdminPricePackage(db: Db, id: string): Promise<AdminPricePackage> {
  const { row, index } = await findWithPosition(db, id);
  if (!row) throw notFound();
  return toAdmin(row, index);
}

export async function createAdminPricePackage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  input: Create,
): Promise<AdminPricePackage> {
  const id = input.id ?? newId();
  const created = await db.transaction().execute(async (trx) => {
    const rows = await listPricePackageRows(trx);
    if (rows.some((row) => row.id === id)) throw validation({ id: 'taken' });
    await checkImage(trx, input.img);
    await insertPricePackage(trx, {
      id,
      nameDe: input.name.de,
      nameEn: input.name.en,
      descriptionDe: input.description.de,
      descriptionEn: input.description.en,
      imgMediaId: input.img ? mediaIdOf(input.img) : null,
      bruttoMonatlich: input.grossMonthlyCents,
      calls: input.calls,
      sortOrder: rows.length + 1,
    });
    const order = moveTo([...rows.map((row) => row.id), id], id, input.position ?? rows.length);
    await setPricePackageOrder(trx, changedSortOrders([...rows, { id, sortOrder: rows.length + 1 }], order));
    const after = await getAdminPricePackage(trx, id);
    await recordAudit(trx, { ...who, action: 'create', objectType: OBJECT_TYPE, objectId: id, before: null, after });
    return after;
  });
  await catalogueChanged(changes);
  return created;
}

export async function patchAdminPricePackage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  id: string,
  patch: AdminPricePackagePatch,
): Promise<AdminPricePackage> {
  if (patch.id !== undefined && patch.id !== id) throw validation({ id: 'invalid' });
  const updated = await db.transaction().execute(async (trx) => {
    const { rows, row, index } = await findWithPosition(trx, id);
    if (!row) throw notFound();
    await checkImage(trx, patch.img);
    const before = toAdmin(row, index);
    await updatePricePackage(trx, id, {
      ...(patch.name ? { nameDe: patch.name.de, nameEn: patch.name.en } : {}),
      ...(patch.description ? { descriptionDe: patch.description.de, descriptionEn: patch.description.en } : {}),
      ...(patch.img !== undefined ? { imgMediaId: patch.img ? mediaIdOf(patch.img) : null } : {}),
      ...(patch.grossMonthlyCents !== undefined ? { bruttoMonatlich: patch.grossMonthlyCents } : {}),
      ...(patch.calls !== undefined ? { calls: patch.calls } : {}),
    });
    if (patch.position !== undefined) {
      const order = moveTo(rows.map((r) => r.id), id, patch.position);
      await setPricePackageOrder(trx, changedSortOrders(rows, order));
    }
    const after = await getAdminPricePackage(trx, id);
    await recordAudit(trx, { ...who, action: 'update', objectType: OBJECT_TYPE, objectId: id, before, after });
    return after;
  });
  await catalogueChanged(changes);
  return updated;
}

export async function deleteAdminPricePackage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  id: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows, row, index } = await findWithPosition(trx, id);
    if (!row) throw notFound();
    await deletePricePackage(trx, id);
    const rest = rows.filter((r) => r.id !== id);
    await setPricePackageOrder(trx, changedSortOrders(rest, rest.map((r) => r.id)));
    await recordAudit(trx, { ...who, action: 'delete', objectType: OBJECT_TYPE, objectId: id, before: toAdmin(row, index), after: null });
  });
  await catalogueChanged(changes);
}
