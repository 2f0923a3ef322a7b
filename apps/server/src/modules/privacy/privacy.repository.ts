import type { Db } from '../../db/database.js';

// What the export reads and the deletion changes beyond the other modules' own functions
// (docs/privacy.md#export, docs/privacy.md#deletion). Every list is bounded by `limit`.

/** Live licences of the projects, oldest first. */
export async function licencesOfProjects(db: Db, projectIds: readonly string[], limit: number) {
  if (projectIds.length === 0) return [];
  return db
    .selectFrom('serviceLicence')
    .select([
      'id',
      'projectId',
      'serviceId',
      'licenceKey',
      'online',
      'formdata',
      'alertMonthlyCalls',
      'createdAt',
      'updatedAt',
    ])
    .where('projectId', 'in', projectIds)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Calls per day of one project's licences (live or not) from `fromDay` on ('YYYY-MM-DD'). */
export async function usagePerDayOfProject(db: Db, projectId: string, fromDay: string, limit: number) {
  return db
    .selectFrom('usageDaily')
    .innerJoin('serviceLicence', 'serviceLicence.id', 'usageDaily.licenceId')
    .select(['usageDaily.licenceId', 'serviceLicence.serviceId', 'usageDaily.day', 'usageDaily.count'])
    .where('serviceLicence.projectId', '=', projectId)
    .where('usageDaily.day', '>=', fromDay)
    .orderBy('usageDaily.day')
    .orderBy('usageDaily.licenceId')
    .limit(limit)
    .execute();
}

/** Contact requests sent with this address, newest first (the team's note is left out). */
export async function contactRequestsOf(db: Db, email: string, limit: number) {
  return db
    .selectFrom('contactRequest')
    .select([
      'id',
      'firstname',
      'subname',
      'email',
      'message',
      'topic',
      'packageNameDe',
      'packageNameEn',
      'termsAccepted',
      'language',
      'createdAt',
      'state',
      'privacyVersion',
      'privacyAcceptedAt',
    ])
    .where('email', '=', email)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Audit entries about the person (the object) or by them (an admin's own changes), newest first. */
export async function auditEntriesAbout(db: Db, personId: string, limit: number) {
  return db
    .selectFrom('auditLog')
    .select([
      'id',
      'at',
      'actorId',
      'actorEmail',
      'action',
      'objectType',
      'objectId',
      'beforeJson',
      'afterJson',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('objectType', 'in', ['person', 'billing_profile']), eb('objectId', '=', personId)]),
        eb('actorId', '=', personId),
      ]),
    )
    .orderBy('at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Locks the rows of the person's live projects with a write that changes nothing: an invitation
 * accepted at the same moment (it writes the project row first, see updateLiveProject) waits for
 * the deletion, or the deletion sees its new member.
 */
export async function lockOwnedLiveProjects(db: Db, personId: string): Promise<void> {
  await db
    .updateTable('project')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('ownerId', '=', personId)
    .where('deletedAt', 'is', null)
    .execute();
}

/** Live projects the person owns, each with how many members (besides the owner) it has. */
export async function ownedLiveProjects(db: Db, personId: string) {
  return db
    .selectFrom('project')
    .select(['project.id', 'project.name'])
    .select((eb) =>
      eb
        .selectFrom('projectMember')
        .select((m) => m.fn.countAll<number | string>().as('n'))
        .whereRef('projectMember.projectId', '=', 'project.id')
        .as('members'),
    )
    .where('project.ownerId', '=', personId)
    .where('project.deletedAt', 'is', null)
    .orderBy('project.createdAt')
    .orderBy('project.id')
    .execute();
}

/** Withdraws every pending invitation to these projects. */
export async function deleteInvitationsToProjects(db: Db, projectIds: readonly string[]): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('projectInvitation').where('projectId', 'in', projectIds).execute();
}

/** Ends the person's memberships and pending invitations; invitations they sent forget them. */
export async function deleteMembershipsOf(db: Db, personId: string): Promise<void> {
  await db.deleteFrom('projectMember').where('personId', '=', personId).execute();
  await db.deleteFrom('projectInvitation').where('personId', '=', personId).execute();
  await db
    .updateTable('projectInvitation')
    .set({ invitedBy: null })
    .where('invitedBy', '=', personId)
    .execute();
}

export async function deleteKnownDevicesOf(db: Db, personId: string): Promise<void> {
  await db.deleteFrom('knownDevice').where('personId', '=', personId).execute();
}

export async function deleteContactRequestsOf(db: Db, email: string): Promise<void> {
  await db.deleteFrom('contactRequest').where('email', '=', email).execute();
}

/**
 * Mails to or replying to the address: the address is replaced by the tombstone's, bodies go,
 * and a mail not yet sent is given up (it would go to someone who no longer has an account).
 */
export async function forgetMailsTo(db: Db, email: string, tombstone: string): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ state: 'failed', lastError: 'account deleted', lockedUntil: null })
    .where('toAddress', '=', email)
    .where('state', '=', 'queued')
    .execute();
  await db
    .updateTable('mailOutbox')
    .set({ toAddress: tombstone, textBody: '', htmlBody: '' })
    .where('toAddress', '=', email)
    .execute();
  await db.updateTable('mailOutbox').set({ replyTo: null }).where('replyTo', '=', email).execute();
}
