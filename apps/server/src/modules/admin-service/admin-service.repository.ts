import type { Insertable, Updateable } from 'kysely';
import type { Db, ServiceImageTable, ServiceTable } from '../../db/database.js';

// Plain queries of the admin console's service screens; the catalogue's own queries (import,
// public reads) stay in modules/catalogue.

/** The admin's list, ordered, filtered by a part of either name or the id, with live licences counted. */
export function servicesQuery(db: Db, q: string | undefined) {
  return (
    db
      .selectFrom('service')
      .$if(q !== undefined && q !== '', (qb) => {
        // LIKE's wildcards are dropped from the search rather than escaped (escaping differs by dialect).
        const pattern = `%${(q ?? '').toLowerCase().replace(/[%_]/g, '')}%`;
        return qb.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['service.nameDe']), 'like', pattern),
            eb(eb.fn('lower', ['service.nameEn']), 'like', pattern),
            eb(eb.fn('lower', ['service.id']), 'like', pattern),
          ]),
        );
      })
      .selectAll('service')
      .select((eb) =>
        eb
          .selectFrom('serviceLicence')
          .select((l) => l.fn.countAll<string | number>().as('n'))
          .whereRef('serviceLicence.serviceId', '=', 'service.id')
          .where('serviceLicence.deletedAt', 'is', null)
          .as('licences'),
      )
      // Services on offer first, then by German name; the id keeps pages stable.
      .orderBy((eb) => eb.case().when('service.retiredAt', 'is', null).then(0).else(1).end())
      .orderBy('service.nameDe')
      .orderBy('service.id')
  );
}

export async function findServiceForUpdate(db: Db, id: string) {
  // A no-op update takes the row's lock (PostgreSQL) or the write lock (SQLite) first, so two
  // admins' edits of one service are applied one after the other, each to the other's result.
  await db.updateTable('service').set((eb) => ({ id: eb.ref('id') })).where('id', '=', id).execute();
  return db.selectFrom('service').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertService(db: Db, row: Insertable<ServiceTable>): Promise<void> {
  await db.insertInto('service').values(row).execute();
}

export async function updateService(db: Db, id: string, changes: Updateable<ServiceTable>): Promise<void> {
  await db.updateTable('service').set(changes).where('id', '=', id).execute();
}

export async function insertServiceImage(db: Db, row: Insertable<ServiceImageTable>): Promise<void> {
  await db.insertInto('serviceImage').values(row).execute();
}

export async function deleteServiceImage(db: Db, id: string): Promise<void> {
  await db.deleteFrom('serviceImage').where('id', '=', id).execute();
}

/** The gallery in this order: positions 0…n-1 and the given names. */
export async function reorderServiceImages(
  db: Db,
  images: ReadonlyArray<{ id: string; nameDe: string; nameEn: string }>,
): Promise<void> {
  for (const [position, image] of images.entries())
    await db
      .updateTable('serviceImage')
      .set({ position, nameDe: image.nameDe, nameEn: image.nameEn })
      .where('id', '=', image.id)
      .execute();
}
