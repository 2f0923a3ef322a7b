import type { Kysely } from 'kysely';
import type { Project, ProjectRole } from '@portal/contract/project';
import {
  MEMBER_LIMITS,
  type Member,
  type MemberInvite,
  type ProjectInvitation,
} from '@portal/contract/project-member';
import type { Database, Db, MemberRole, PersonRow } from '../../db/database.js';
import { HttpError, conflict, forbidden, notFound } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import {
  canSignIn,
  hasNoPassword,
  inviteAccount,
  newInvitationLink,
  type AccountLinks,
} from '../account/account.service.js';
import { queueMail } from '../mail/outbox.service.js';
import { displayName } from '../person-record/person.mapper.js';
import { findPerson, findPersonByEmail } from '../person-record/person.repository.js';
import type { InvitationMailLimits } from './invitation-mail-limits.js';
import { updateLiveProject } from './project.repository.js';
import { showProject, type ProjectWithRole } from './project.service.js';
import {
  projectInvitationMail,
  projectInvitationNewAccountMail,
  type ProjectInvitationDetails,
} from './member.mails.js';
import {
  countSeats,
  deleteInvitation,
  deleteMember,
  findInvitationFor,
  findInvitationOfPerson,
  findMember,
  insertInvitation,
  insertMember,
  listInvitationsOf,
  listInvitationsOfPerson,
  listMembersOf,
  setProjectOwner,
  renewInvitation,
  updateInvitationRole,
  updateMemberRole,
} from './member.repository.js';
import { emitWebhookEvent } from '../webhook-record/webhook.service.js';
import { disableEndpointsCreatedBy } from '../webhook-record/webhook.repository.js';
import type { SessionPerson } from '../auth/session.repository.js';

// The rules of shared projects (docs/domain.md#ownership):
// - the owner (project.ownerId) is exactly one person; members are editors or viewers;
// - only the owner invites, changes roles and removes others; a member may leave, the owner
//   may not (they hand the project over first);
// - an invitation always names a person: an unknown address gets an invited account, whose
//   mail sets the password; nobody is a member before accepting;
// - members and pending invitations of one project are at most MEMBER_LIMITS.perProject;
// - every invitation is counted per inviter and project, its mail per recipient address
//   (InvitationMailLimits); an address already invited is mailed again only when the owner
//   sends it again.
// The caller's role was checked by requireProjectRole in the route.

/** Where mailed links point (see accountLinks). */
export interface MemberLinks extends AccountLinks {
  projects: string;
}

const nameOf = (p: { firstname: string; lastname: string; email: string }): string => displayName(p);

const tooMany = (): HttpError => new HttpError(409, 'tooManyMembers');
const alreadyMember = (): HttpError => new HttpError(409, 'alreadyMember', { email: 'invalid' });
const alreadyInvited = (): HttpError => new HttpError(409, 'alreadyInvited', { email: 'invalid' });

/**
 * Whom an invitation mail greets: nobody by name until the person has proved their address
 * (an unconfirmed sign-up's name may be a stranger's, see docs/security.md#self-service-accounts).
 */
const greetingOf = (person: PersonRow): string =>
  person.verified === 1 ? `${person.firstname} ${person.lastname}`.trim() : '';

type InvitationDetails = (name: string, link: string) => ProjectInvitationDetails;

/**
 * Queues the invitation mail to a person: for an account without a password a new link that
 * sets it (older ones end), otherwise the way to the project list.
 */
async function queueInvitationMail(
  trx: Db,
  links: MemberLinks,
  person: PersonRow,
  details: InvitationDetails,
  now: Date,
): Promise<void> {
  if (hasNoPassword(person)) {
    const link = await newInvitationLink(trx, links, person, now);
    await queueMail(trx, {
      kind: 'invitation',
      to: person.email,
      language: person.language,
      content: projectInvitationNewAccountMail(details('', link), person.language),
    }, now);
    return;
  }
  await queueMail(trx, {
    kind: 'project-invitation',
    to: person.email,
    language: person.language,
    content: projectInvitationMail(details(greetingOf(person), links.projects), person.language),
  }, now);
}

/** The owner, then the members, then the pending invitations. */
export async function listMembers(db: Kysely<Database>, project: ProjectWithRole): Promise<Member[]> {
  const [members, invitations] = await Promise.all([
    listMembersOf(db, project.id),
    listInvitationsOf(db, project.id),
  ]);
  const person = (p: { personId: string; firstname: string; lastname: string; email: string }) => ({
    oid: p.personId,
    name: nameOf(p),
    email: p.email,
  });
  return [
    {
      person: {
        oid: project.ownerId,
        name: nameOf({
          firstname: project.ownerFirstname,
          lastname: project.ownerLastname,
          email: project.ownerEmail,
        }),
        email: project.ownerEmail,
      },
      role: 'owner',
      state: 'active',
    },
    ...members.map((m) => ({ person: person(m), role: m.role, state: 'active' as const })),
    ...invitations.map((i) => ({ person: person(i), role: i.role, state: 'invited' as const })),
  ];
}

const detailsOf =
  (inviter: SessionPerson, project: ProjectWithRole, role: MemberRole): InvitationDetails =>
  (name, link) => ({ name, projectName: project.name, invitedBy: nameOf(inviter), role, link });

/**
 * Invites someone to the project by address (owner only). An account gets an invitation it
 * sees on its project list and a mail; an unknown address an invited account whose mail sets
 * the password. Someone invited already: 409 alreadyInvited, nothing changes and no mail goes
 * (the owner sends it again with resendInvitation). Each mail counts against the limits.
 */
export async function inviteMember(
  db: Kysely<Database>,
  links: MemberLinks,
  limits: InvitationMailLimits,
  inviter: SessionPerson,
  project: ProjectWithRole,
  input: MemberInvite,
  now: Date,
): Promise<void> {
  const details = detailsOf(inviter, project, input.role);
  // Stores the invitation in the transaction that holds the project's row lock (see
  // updateLiveProject), so two invitations at once cannot pass the limits together: the second
  // finds the first one's invitation. Answers whether to mail it (see InvitationMailLimits).
  const store = async (trx: Db, person: PersonRow): Promise<boolean> => {
    if (!(await updateLiveProject(trx, project.id, { now: now.toISOString() }))) throw notFound();
    if (person.id === project.ownerId || (await findMember(trx, project.id, person.id)))
      throw alreadyMember();
    if (await findInvitationFor(trx, project.id, person.id)) throw alreadyInvited();
    if ((await countSeats(trx, project.id)) >= MEMBER_LIMITS.perProject) throw tooMany();
    const mailIt = await limits.take({
      inviterId: inviter.id,
      projectId: project.id,
      recipient: person.email,
      recipientSeesItInTheApp: canSignIn(person),
    });
    await insertInvitation(trx, {
      id: newId(),
      projectId: project.id,
      personId: person.id,
      role: input.role,
      invitedBy: inviter.id,
      createdAt: now.toISOString(),
    });
    return mailIt;
  };

  const existing = await findPersonByEmail(db, input.email);
  if (existing) {
    await db.transaction().execute(async (trx) => {
      if (await store(trx, existing)) await queueInvitationMail(trx, links, existing, details, now);
    });
    return;
  }
  if ((await countSeats(db, project.id)) >= MEMBER_LIMITS.perProject) throw tooMany();
  // Nobody knows the new person's language yet: the inviter's is the best guess.
  await inviteAccount(
    db,
    links,
    { email: input.email, language: inviter.language },
    now,
    async (trx, person) => {
      await store(trx, person);
    },
    (person, link) => projectInvitationNewAccountMail(details('', link), person.language),
  ).catch(async (error: unknown) => {
    // The address got an account meanwhile (a parallel sign-up or invitation): invite that one.
    if (error instanceof HttpError && error.code === 'emailTaken') {
      return inviteMember(db, links, limits, inviter, project, input, now);
    }
    throw error;
  });
}

/**
 * Sends a pending invitation again (owner only), counted against the limits like any invitation
 * mail and at most INVITATION_MAIL_LIMITS.resendsPerInvitation times a day. Someone who is not
 * invited to the project: 404.
 */
export async function resendInvitation(
  db: Kysely<Database>,
  links: MemberLinks,
  limits: InvitationMailLimits,
  inviter: SessionPerson,
  project: ProjectWithRole,
  personId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await updateLiveProject(trx, project.id, { now: now.toISOString() }))) throw notFound();
    const invitation = await findInvitationFor(trx, project.id, personId);
    const person = invitation && (await findPerson(trx, personId));
    if (!invitation || !person) throw notFound();
    await limits.take({
      inviterId: inviter.id,
      projectId: project.id,
      recipient: person.email,
      recipientSeesItInTheApp: canSignIn(person),
      resendOf: `${project.id}:${person.id}`,
    });
    await renewInvitation(trx, project.id, person.id, now.toISOString());
    await queueInvitationMail(trx, links, person, detailsOf(inviter, project, invitation.role), now);
  });
}

/**
 * Changes a member's or an invitation's role (owner only). `owner` hands the project to an
 * active member; the old owner stays as editor.
 */
export async function changeRole(
  db: Kysely<Database>,
  project: ProjectWithRole,
  personId: string,
  role: ProjectRole,
  now: Date,
): Promise<void> {
  if (personId === project.ownerId) throw conflict('ownerStays');
  await db.transaction().execute(async (trx) => {
    if (!(await updateLiveProject(trx, project.id, { now: now.toISOString() }))) throw notFound();
    const member = await findMember(trx, project.id, personId);
    if (role === 'owner') {
      if (!member) throw notFound(); // only an active member can take over
      await deleteMember(trx, project.id, personId);
      await insertMember(trx, {
        projectId: project.id,
        personId: project.ownerId,
        role: 'editor',
        createdAt: now.toISOString(),
      });
      if (!(await setProjectOwner(trx, project.id, personId, now.toISOString()))) throw notFound();
      return;
    }
    if (member) {
      await updateMemberRole(trx, project.id, personId, role);
      // A viewer may not run webhooks: the endpoints they added go off (their address, their data).
      if (role === 'viewer') await disableEndpointsCreatedBy(trx, project.id, personId, now.toISOString());
      return;
    }
    if (!(await updateInvitationRole(trx, project.id, personId, role))) throw notFound();
  });
}

/**
 * Removes a member or withdraws an invitation. The owner removes anyone else; anyone else may
 * only remove themself (leave). The owner cannot leave their own project.
 */
export async function removeMember(
  db: Kysely<Database>,
  user: SessionPerson,
  project: ProjectWithRole,
  personId: string,
  now: Date,
): Promise<void> {
  if (personId === project.ownerId) throw conflict('ownerStays');
  if (project.role !== 'owner' && personId !== user.id) throw forbidden();
  await db.transaction().execute(async (trx) => {
    const member = await deleteMember(trx, project.id, personId);
    const invitation = await deleteInvitation(trx, project.id, personId);
    if (!member && !invitation) throw notFound();
    // The project's events no longer go to an address the leaving member chose.
    await disableEndpointsCreatedBy(trx, project.id, personId, now.toISOString());
  });
}

type InvitationRow = Awaited<ReturnType<typeof listInvitationsOfPerson>>[number];

const toInvitation = (row: InvitationRow): ProjectInvitation => ({
  id: row.id,
  project: {
    id: row.projectId,
    name: row.projectName,
    owner: nameOf({ firstname: row.ownerFirstname, lastname: row.ownerLastname, email: row.ownerEmail }),
  },
  role: row.role,
  invitedBy:
    row.inviterEmail === null
      ? ''
      : nameOf({
          firstname: row.inviterFirstname ?? '',
          lastname: row.inviterLastname ?? '',
          email: row.inviterEmail,
        }),
  createdAt: row.createdAt,
});

export async function listInvitations(db: Kysely<Database>, user: SessionPerson): Promise<ProjectInvitation[]> {
  return (await listInvitationsOfPerson(db, user.id)).map(toInvitation);
}

/** Accepts an invitation of the caller: they become a member; answers the project. */
export async function acceptInvitation(
  db: Kysely<Database>,
  user: SessionPerson,
  id: string,
  now: Date,
): Promise<Project> {
  const projectId = await db.transaction().execute(async (trx) => {
    const invitation = await findInvitationOfPerson(trx, id, user.id);
    if (!invitation) throw notFound();
    if (!(await updateLiveProject(trx, invitation.projectId, { now: now.toISOString() }))) throw notFound();
    if (!(await deleteInvitation(trx, invitation.projectId, user.id))) throw notFound(); // answered meanwhile
    await insertMember(trx, {
      projectId: invitation.projectId,
      personId: user.id,
      role: invitation.role,
      createdAt: now.toISOString(),
    });
    await emitWebhookEvent(trx, invitation.projectId, 'member.joined', { personId: user.id, role: invitation.role }, now);
    return invitation.projectId;
  });
  return showProject(db, user, projectId, now);
}

export async function declineInvitation(db: Kysely<Database>, user: SessionPerson, id: string): Promise<void> {
  const invitation = await findInvitationOfPerson(db, id, user.id);
  if (!invitation || !(await deleteInvitation(db, invitation.projectId, user.id))) throw notFound();
}
