import type { Kysely } from 'kysely';
import { TOMBSTONE_EMAIL_DOMAIN } from '@portal/contract/privacy';
import type { Database, Db, PersonRow } from '../../db/database.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { revokeAccessTokensOf } from '../access-token/access-token.service.js';
import { canSignIn, endAllLinks } from '../account/account.service.js';
import { deleteBillingProfile } from '../billing-profile/billing-profile.repository.js';
import { deleteEndpointsOfProjects, disableEndpointsCreatedBy } from '../webhook-record/webhook.repository.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { endAllSessions } from '../auth/session.service.js';
import { removeSecondFactors } from '../mfa/mfa.service.js';
import { toAccount } from '../person-record/person.mapper.js';
import { findPerson, lockActiveAdmins, updatePerson } from '../person-record/person.repository.js';
import { softDeleteProject } from '../project/project.repository.js';
import {
  deleteContactRequestsOf,
  deleteInvitationsToProjects,
  deleteKnownDevicesOf,
  deleteMembershipsOf,
  forgetMailsTo,
  lockOwnedLiveProjects,
  ownedLiveProjects,
} from './privacy.repository.js';

// Account deletion (docs/privacy.md#deletion). One transaction: either the account is gone and
// everything below happened, or nothing changed.
// - projects the person owns with other members block it (409 sharedProjects, listed): the
//   owner hands them over first; projects they own alone are soft-deleted (usage stays in reports);
// - memberships, invitations, sessions, personal access tokens, the billing profile, mailed links, second factors, known browsers, contact
//   requests sent with the address end; mails to the address lose body and address;
// - the person row stays as a tombstone (projects and the audit log point at it) with a
//   placeholder address, so the address can sign up again;
// - the audit log stays (the provider's accountability), an admin's deletion is written to it;
// - the last active admin who can sign in cannot be deleted.

/** The placeholder address of a deleted person: unique, and never deliverable (.invalid). */
const tombstoneEmail = (personId: string): string =>
  `deleted-${personId.toLowerCase()}@${TOMBSTONE_EMAIL_DOMAIN}`;

/**
 * Deletes the account of `personId` (the caller has given their proof). `admin` is the acting
 * admin when it is not the person themself (audited). Answers nothing; 404 for an unknown or
 * already deleted person.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  personId: string,
  now: Date,
  admin?: AuditActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const person = await findPerson(trx, personId);
    if (!person || person.deletedAt !== null) throw notFound();
    await keepAnActiveAdmin(trx, person);
    await lockOwnedLiveProjects(trx, personId);
    const owned = await ownedLiveProjects(trx, personId);
    const shared = owned.filter((p) => Number(p.members ?? 0) > 0);
    if (shared.length > 0) {
      throw new HttpError(
        409,
        'sharedProjects',
        undefined,
        undefined,
        shared.map((p) => p.name),
      );
    }
    const at = nowIso(now);
    for (const project of owned) await softDeleteProject(trx, project.id, at);
    // Their webhook addresses may carry the person's own data or credentials; nothing sends to them now.
    await deleteEndpointsOfProjects(
      trx,
      owned.map((p) => p.id),
    );
    await deleteInvitationsToProjects(
      trx,
      owned.map((p) => p.id),
    );
    await deleteMembershipsOf(trx, personId);
    await disableEndpointsCreatedBy(trx, null, personId, at);
    await endAllSessions(trx, personId);
    await revokeAccessTokensOf(trx, personId);
    await endAllLinks(trx, personId);
    await removeSecondFactors(trx, personId);
    await deleteKnownDevicesOf(trx, personId);
    await deleteBillingProfile(trx, personId);
    await deleteContactRequestsOf(trx, person.email);
    const tombstone = tombstoneEmail(personId);
    await forgetMailsTo(trx, person.email, tombstone);
    await updatePerson(trx, personId, {
      email: tombstone,
      passwordHash: '',
      firstname: '',
      lastname: '',
      salutation: null,
      company: '',
      place: '',
      isAdmin: 0,
      disabled: 1,
      avatarWebp: null,
      lastSignInAt: null,
      deletedAt: at,
      updatedAt: at,
    });
    if (admin) {
      await recordAudit(trx, {
        ...admin,
        action: 'delete',
        objectType: 'person',
        objectId: personId,
        before: { ...toAccount(person), deletedProjects: owned.map((p) => p.id) },
        after: null,
      });
    }
  });
}

/** The last active admin who can sign in stays (as in person-admin.service). */
async function keepAnActiveAdmin(trx: Db, person: PersonRow): Promise<void> {
  if (person.isAdmin !== 1 || !canSignIn(person)) return;
  const activeAdmins = await lockActiveAdmins(trx);
  if (!activeAdmins.some((id) => id !== person.id)) throw new HttpError(409, 'lastAdmin');
}
