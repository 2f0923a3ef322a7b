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
import { validation } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import type { AuditActor } from '../audit/audit.service.js';
import { mediaUrl } from '../catalogue/catalogue.mapper.js';
import { createOrdered, deleteOrdered, getOrdered, patchOrdered, type OrderedContent } from './ordered-list.js';
import { pageOfList } from './ordering.js';
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

const pricePackages: OrderedContent<Row, AdminPricePackage> = {
  objectType: OBJECT_TYPE,
  rows: listPricePackageRows,
  setOrder: setPricePackageOrder,
  toAdmin,
};

const mediaIdOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

/** The image must be one the portal serves already (packages get no uploads of their own). */
async function checkImage(db: Db, img: string | null | undefined): Promise<void> {
  if (img && !(await mediaExists(db, mediaIdOf(img)))) throw validation({ img: 'invalid' });
}

export async function listAdminPricePackages(db: Db, page: PageQuery): Promise<AdminPricePackageList> {
  const rows = await listPricePackageRows(db);
  return pageOfList(rows.map(toAdmin), page);
}

export async function getAdminPricePackage(db: Db, id: string): Promise<AdminPricePackage> {
  return getOrdered(pricePackages, db, id);
}

export async function createAdminPricePackage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  input: Create,
): Promise<AdminPricePackage> {
  const id = input.id ?? newId();
  return createOrdered(pricePackages, db, changes, who, { id, position: input.position }, async (trx, _rows, sortOrder) => {
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
      sortOrder,
    });
  });
}

export async function patchAdminPricePackage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  id: string,
  patch: AdminPricePackagePatch,
): Promise<AdminPricePackage> {
  return patchOrdered(pricePackages, db, changes, who, id, patch, async (trx) => {
    await checkImage(trx, patch.img);
    await updatePricePackage(trx, id, {
      ...(patch.name ? { nameDe: patch.name.de, nameEn: patch.name.en } : {}),
      ...(patch.description ? { descriptionDe: patch.description.de, descriptionEn: patch.description.en } : {}),
      ...(patch.img !== undefined ? { imgMediaId: patch.img ? mediaIdOf(patch.img) : null } : {}),
      ...(patch.grossMonthlyCents !== undefined ? { bruttoMonatlich: patch.grossMonthlyCents } : {}),
      ...(patch.calls !== undefined ? { calls: patch.calls } : {}),
    });
  });
}

export async function deleteAdminPricePackage(
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  id: string,
): Promise<void> {
  await deleteOrdered(pricePackages, db, changes, who, id, (trx) => deletePricePackage(trx, id));
}
