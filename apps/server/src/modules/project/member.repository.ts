import type { Db, MemberRole } from '../../db/database.js';

// Members (other than the owner) and pending invitations of projects. No rules here: the
// member service decides who may do what (docs/domain.md#ownership).

const personColumns = [
  'person.id as personId',
  'person.firstname',
  'person.lastname',
  'person.email',
] as const;

export async function listMembersOf(db: Db, projectId: string) {
  return db
    .selectFrom('projectMember')
    .innerJoin('person', 'person.id', 'projectMember.personId')
    .select(personColumns)
    .select(['projectMember.role', 'projectMember.createdAt'])
    .where('projectMember.projectId', '=', projectId)
    .orderBy('projectMember.createdAt')
    .orderBy('person.id')
    .execute();
}

export async function listInvitationsOf(db: Db, projectId: string) {
  return db
    .selectFrom('projectInvitation')
    .innerJoin('person', 'person.id', 'projectInvitation.personId')
    .select(personColumns)
    .select(['projectInvitation.role', 'projectInvitation.createdAt'])
    .where('projectInvitation.projectId', '=', projectId)
    .orderBy('projectInvitation.createdAt')
    .orderBy('person.id')
    .execute();
}

/** Members and pending invitations of a project together (the owner not counted). */
export async function countSeats(db: Db, projectId: string): Promise<number> {
  const members = await db
    .selectFrom('projectMember')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  const invitations = await db
    .selectFrom('projectInvitation')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(members.n) + Number(invitations.n);
}

export async function findMember(db: Db, projectId: string, personId: string) {
  return db
    .selectFrom('projectMember')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('personId', '=', personId)
    .executeTakeFirst();
}

export async function findInvitationFor(db: Db, projectId: string, personId: string) {
  return db
    .selectFrom('projectInvitation')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('personId', '=', personId)
    .executeTakeFirst();
}

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

/** Members and pending invitations are both one row per (project, person) with a role. */
type RoleTable = 'projectMember' | 'projectInvitation';

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

/** Pending invitations of a person to live projects, newest first. */
export async function listInvitationsOfPerson(db: Db, personId: string) {
  return db
    .selectFrom('projectInvitation')
    .innerJoin('project', 'project.id', 'projectInvitation.projectId')
    .innerJoin('person as owner', 'owner.id', 'project.ownerId')
    .leftJoin('person as inviter', 'inviter.id', 'projectInvitation.invitedBy')
    .select(invitationColumns)
    .where('projectInvitation.personId', '=', personId)
    .where('project.deletedAt', 'is', null)
    .orderBy('projectInvitation.createdAt', 'desc')
    .orderBy('projectInvitation.id')
    .execute();
}

/** A pending invitation of this person to a live project; anyone else's is not found. */
export async function findInvitationOfPerson(db: Db, id: string, personId: string) {
  return db
    .selectFrom('projectInvitation')
    .innerJoin('project', 'project.id', 'projectInvitation.projectId')
    .innerJoin('person as owner', 'owner.id', 'project.ownerId')
    .leftJoin('person as inviter', 'inviter.id', 'projectInvitation.invitedBy')
    .select(invitationColumns)
    .where('projectInvitation.id', '=', id)
    .where('projectInvitation.personId', '=', personId)
    .where('project.deletedAt', 'is', null)
    .executeTakeFirst();
}
