import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';

const projectColumns = [
  'project.id',
  'project.ownerId',
  'project.name',
  'project.description',
  'project.domainsProduction',
  'project.domainsSandbox',
  'project.createdAt',
  'project.updatedAt',
  'person.firstname as ownerFirstname',
  'person.lastname as ownerLastname',
  'person.email as ownerEmail',
] as const;

/** Live projects the person owns or is a member of, with their member role (null for the owner). */
const liveProjectsOfPerson = (db: Db, personId: string) =>
  db
    .selectFrom('project')
    .innerJoin('person', 'person.id', 'project.ownerId')
    .leftJoin('projectMember', (join) =>
      join.onRef('projectMember.projectId', '=', 'project.id').on('projectMember.personId', '=', personId),
    )
    .select(projectColumns)
    .select('projectMember.role as memberRole')
    .where((eb) =>
      eb.or([eb('project.ownerId', '=', personId), eb('projectMember.personId', 'is not', null)]),
    )
    .where('project.deletedAt', 'is', null);

/**
 * Live projects the person owns or is a member of, newest first, each with the person's member
 * role (null where they own it).
 */
export const listLiveProjectsOfPerson = preparedQuery((db: Db, personId: string) =>
  liveProjectsOfPerson(db, personId).orderBy('project.createdAt', 'desc').orderBy('project.id'),
);

const liveProjectOfPerson = preparedQuery((db: Db, id: string, personId: string) =>
  liveProjectsOfPerson(db, personId).where('project.id', '=', id),
);

/**
 * A live project the person owns or is a member of, with their member role (null for the
 * owner); another's or a deleted project is not found.
 */
export async function findLiveProjectOfPerson(db: Db, id: string, personId: string) {
  const [project] = await liveProjectOfPerson(db, id, personId);
  return project;
}

export type ProjectWithOwner = NonNullable<Awaited<ReturnType<typeof findLiveProjectOfPerson>>>;

/** A new project as the services and the demo seed describe it. */
export interface NewProject {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  domainsProduction: string[];
  domainsSandbox: string[];
}

export async function insertProject(db: Db, row: NewProject & { now: string }): Promise<void> {
  await db
    .insertInto('project')
    .values({
      id: row.id,
      ownerId: row.ownerId,
      name: row.name,
      description: row.description,
      domainsProduction: JSON.stringify(row.domainsProduction),
      domainsSandbox: JSON.stringify(row.domainsSandbox),
      createdAt: row.now,
      updatedAt: row.now,
    })
    .execute();
}

/**
 * Changes a live project; false when it is gone (deleted meanwhile). The update takes the
 * project's row lock, so it is ordered against a delete running at the same time.
 */
export async function updateLiveProject(
  db: Db,
  id: string,
  changes: {
    name?: string;
    description?: string;
    domainsProduction?: string[];
    domainsSandbox?: string[];
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('project')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.domainsProduction ? { domainsProduction: JSON.stringify(changes.domainsProduction) } : {}),
      ...(changes.domainsSandbox ? { domainsSandbox: JSON.stringify(changes.domainsSandbox) } : {}),
      updatedAt: changes.now,
    })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Soft delete: the project and its licences stay for the billing history. Call it in a
 * transaction. The project row is marked first: that takes its lock, so a licence being added
 * at the same moment (which locks the same row, see updateLiveProject) either commits before
 * and is deleted here too, or waits and then finds the project gone. False when already gone.
 */
export async function softDeleteProject(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('project')
    .set({ deletedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db
    .updateTable('serviceLicence')
    .set({ deletedAt: now, updatedAt: now })
    .where('projectId', '=', id)
    .where('deletedAt', 'is', null)
    .execute();
  return true;
}
