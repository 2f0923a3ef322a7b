import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { licencesWithServiceNames } from '../licence-tools/licence-list.repository.js';

// Reads of the admin console's customers area (docs/admin.md#customers).

/** '%term%' for LIKE, with the term's own % _ \ taken literally. */
const containing = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Everyone (matching the search in name, address or company, any case), ordered by address,
 * with the counts of their live projects and of the live licences in them.
 */
export function customersQuery(db: Db, search: string | undefined) {
  let query = db
    .selectFrom('person')
    .select([
      'person.id',
      'person.email',
      'person.firstname',
      'person.lastname',
      'person.company',
      'person.isAdmin',
      'person.disabled',
      'person.verified',
      'person.lastSignInAt',
    ])
    // A deleted person's tombstone is no customer (docs/privacy.md#deletion).
    .where('person.deletedAt', 'is', null)
    .select((eb) => [
      eb
        .selectFrom('project')
        .select(eb.fn.countAll().as('n'))
        .whereRef('project.ownerId', '=', 'person.id')
        .where('project.deletedAt', 'is', null)
        .as('projects'),
      eb
        .selectFrom('serviceLicence')
        .innerJoin('project', 'project.id', 'serviceLicence.projectId')
        .select(eb.fn.countAll().as('n'))
        .whereRef('project.ownerId', '=', 'person.id')
        .where('project.deletedAt', 'is', null)
        .where('serviceLicence.deletedAt', 'is', null)
        .as('licences'),
    ]);
  if (search) {
    const pattern = containing(search);
    // lower() on both sides, by the database: PostgreSQL's LIKE is case-sensitive. SQLite's
    // lower() folds ASCII letters only, so there 'ö' does not find 'Ö' (docs/admin.md#customers).
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        like('person.email'),
        like('person.firstname'),
        like('person.lastname'),
        like('person.company'),
        sql<boolean>`lower(${sql.ref('person.firstname')} || ' ' || ${sql.ref('person.lastname')}) like lower(${pattern}) escape '\\'`,
      ]),
    );
  }
  return query.orderBy('person.email').orderBy('person.id');
}

/** The person's live projects (owned), newest first, with their live licences and service names. */
export async function projectsOfCustomer(db: Db, personId: string) {
  const projects = await db
    .selectFrom('project')
    .select(['id', 'name', 'description', 'createdAt'])
    .where('ownerId', '=', personId)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
  if (projects.length === 0) return [];
  const licences = await licencesWithServiceNames(db)
    .select('serviceLicence.online')
    .where(
      'serviceLicence.projectId',
      'in',
      projects.map((p) => p.id),
    )
    .where('serviceLicence.deletedAt', 'is', null)
    .execute();
  return projects.map((project) => ({
    ...project,
    licences: licences.filter((l) => l.projectId === project.id),
  }));
}
