import type { Db } from '../../db/database.js';

export async function findMedia(db: Db, id: string) {
  return db.selectFrom('media').select(['contentType', 'bytes']).where('id', '=', id).executeTakeFirst();
}

/**
 * Deletes catalogue images nothing points to any more (replaced by an import); answers how many.
 * Avatars live with their person, not here.
 */
export async function deleteUnusedMedia(db: Db): Promise<number> {
  const galleryColumns = ['xsMediaId', 'smMediaId', 'mdMediaId', 'lgMediaId', 'xlgMediaId'] as const;
  const result = await db
    .deleteFrom('media')
    .where((eb) => {
      const mediaId = eb.ref('media.id');
      return eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom('service')
              .select('service.id')
              .where((s) => s.or([s('logoMediaId', '=', mediaId), s('thumbnailMediaId', '=', mediaId)])),
          ),
          eb.exists(
            eb
              .selectFrom('serviceImage')
              .select('serviceImage.id')
              .where((s) => s.or(galleryColumns.map((column) => s(column, '=', mediaId)))),
          ),
          eb.exists(eb.selectFrom('pricePackage').select('pricePackage.id').where('imgMediaId', '=', mediaId)),
        ]),
      );
    })
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertMediaIfMissing(
  db: Db,
  row: { id: string; contentType: string; bytes: Buffer; width: number; height: number; createdAt: string },
): Promise<void> {
  await db.insertInto('media').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
}
