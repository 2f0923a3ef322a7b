import type { Selectable } from 'kysely';
import type { Database, Db, MemberRole } from '../../db/database.js';

// Members (other than the owner) and pending invitations of projects. No rules here: the
// member service decides who may do what (docs/domain.md#ownership).

const personColumns = [
  'person.id as personId',
  'person.firstname',
  'person.lastname',
  'person.email',
] as const;

/** Members and pending invitations are both one row per (project, person) with a role. */
type RoleTable = 'projectMember' | 'projectInvitation';

/**
 * The rows of either table as `entry`. Typed as projectMember: its columns (projectId, personId,
 * role, createdAt) are in both tables, so `entry.role` and the like are right for either.
 */
const entries = (db: Db, table: RoleTable) => db.selectFrom(`${table} as entry` as 'projectMember as entry');

const listEntries = (db: Db, table: RoleTable, projectId: string) =>
  entries(db, table)
    .innerJoin('person', 'person.id', 'entry.personId')
    .select(personColumns)
    .select(['entry.role', 'entry.createdAt'])
    .where('entry.projectId', '=', projectId)
    .orderBy('entry.createdAt')
    .orderBy('person.id')
    .execute();

export const listMembersOf = (db: Db, projectId: string) => listEntries(db, 'projectMember', projectId);

export const listInvitationsOf = (db: Db, projectId: string) =>
  listEntries(db, 'projectInvitation', projectId);

async function countEntries(db: Db, table: RoleTable, projectId: string): Promise<number> {
  const { n } = await entries(db, table)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('entry.projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Members and pending invitations of a project together (the owner not counted). */
export async function countSeats(db: Db, projectId: string): Promise<number> {
  const members = await countEntries(db, 'projectMember', projectId);
  return members + (await countEntries(db, 'projectInvitation', projectId));
}

/** The whole row of this person in the table, if any. */
async function findEntry<T extends RoleTable>(db: Db, table: T, projectId: string, personId: string) {
  const row = await entries(db, table)
    .selectAll()
    .where('entry.projectId', '=', projectId)
    .where('entry.personId', '=', personId)
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

export const findMember = (db: Db, projectId: string, personId: string) =>
  findEntry(db, 'projectMember', projectId, personId);

export const findInvitationFor = (db: Db, projectId: string, personId: string) =>
  findEntry(db, 'projectInvitation', projectId, personId);

export async function insertInvitation(
  db: Db,
  row: {
    id: string;
    projectId: string;
    personId: string;
    role: MemberRole;
    invitedBy: string;
    createdAt: string;
  },
): Promise<void> {
  await db.insertInto('projectInvitation').values(row).execute();
}

async function updateRole(db: Db, table: RoleTable, projectId: string, personId: string, role: MemberRole) {
  const result = await db
    .updateTable(table)
    .set({ role })
    .where('projectId', '=', projectId)
    .where('personId', '=', personId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

async function deleteRow(db: Db, table: RoleTable, projectId: string, personId: string): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('projectId', '=', projectId)
    .where('personId', '=', personId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export const updateInvitationRole = (db: Db, projectId: string, personId: string, role: MemberRole) =>
  updateRole(db, 'projectInvitation', projectId, personId, role);

/** A pending invitation sent again counts from now (the retention job withdraws old ones). */
export async function renewInvitation(db: Db, projectId: string, personId: string, now: string): Promise<void> {
  await db
    .updateTable('projectInvitation')
    .set({ createdAt: now })
    .where('projectId', '=', projectId)
    .where('personId', '=', personId)
    .execute();
}

export const deleteInvitation = (db: Db, projectId: string, personId: string) =>
  deleteRow(db, 'projectInvitation', projectId, personId);

export async function insertMember(
  db: Db,
  row: { projectId: string; personId: string; role: MemberRole; createdAt: string },
): Promise<void> {
  await db.insertInto('projectMember').values(row).execute();
}

export const updateMemberRole = (db: Db, projectId: string, personId: string, role: MemberRole) =>
  updateRole(db, 'projectMember', projectId, personId, role);

export const deleteMember = (db: Db, projectId: string, personId: string) =>
  deleteRow(db, 'projectMember', projectId, personId);

/** Hands a live project to another owner; false when it is gone. */
export async function setProjectOwner(
  db: Db,
  projectId: string,
  ownerId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('project')
    .set({ ownerId, updatedAt: now })
    .where('id', '=', projectId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

const invitationColumns = [
  'projectInvitation.id',
  'projectInvitation.projectId',
  'projectInvitation.personId',
  'projectInvitation.role',
  'projectInvitation.createdAt',
  'project.name as projectName',
  'owner.firstname as ownerFirstname',
  'owner.lastname as ownerLastname',
  'owner.email as ownerEmail',
  'inviter.firstname as inviterFirstname',
  'inviter.lastname as inviterLastname',
  'inviter.email as inviterEmail',
] as const;

/** The pending invitations of a person to live projects. */
const invitationsOfPerson = (db: Db, personId: string) =>
  db
    .selectFrom('projectInvitation')
    .innerJoin('project', 'project.id', 'projectInvitation.projectId')
    .innerJoin('person as owner', 'owner.id', 'project.ownerId')
    .leftJoin('person as inviter', 'inviter.id', 'projectInvitation.invitedBy')
    .select(invitationColumns)
    .where('projectInvitation.personId', '=', personId)
    .where('project.deletedAt', 'is', null);

/** Pending invitations of a person to live projects, newest first. */
export async function listInvitationsOfPerson(db: Db, personId: string) {
  return invitationsOfPerson(db, personId)
    .orderBy('projectInvitation.createdAt', 'desc')
    .orderBy('projectInvitation.id')
    .execute();
}

/** A pending invitation of this person to a live project; anyone else's is not found. */
export async function findInvitationOfPerson(db: Db, id: string, personId: string) {
  return invitationsOfPerson(db, personId).where('projectInvitation.id', '=', id).executeTakeFirst();
}
