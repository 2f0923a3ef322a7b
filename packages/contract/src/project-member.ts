import { z } from 'zod';
import { accountEmailSchema } from './account.js';
import { idSchema } from './common.js';
import { projectRoleSchema } from './project.js';

// Shared projects (docs/domain.md#ownership): the members of a project, the invitations that
// wait for an answer, and the calls that change them.

/** Limits shared by the server and the web app's sharing dialog. */
export const MEMBER_LIMITS = {
  /** Members and pending invitations of one project together, the owner not counted. */
  perProject: 50,
} as const;

/**
 * How many invitation mails project sharing sends within `windowHours`
 * (docs/security.md#invitation-mails): a customer chooses the recipient and part of the text
 * (the project's name), so each count is bounded. Inviting an address that is already invited
 * sends nothing (409 alreadyInvited); the owner sends a pending invitation again on purpose, a
 * few times. Beyond a limit the invitation is refused (429 invitationLimit with Retry-After,
 * nothing is stored), except for an account that can sign in: it finds the invitation on its
 * project list, stored without a mail.
 */
export const INVITATION_MAIL_LIMITS = {
  windowHours: 24,
  /** Mails one person causes, over all their projects. */
  perInviter: 100,
  /** Mails of one project: its 50 seats and a few sent again. */
  perProject: 60,
  /** Mails one address receives, from every project and inviter together. */
  perRecipient: 5,
  /** Times one pending invitation is sent again. */
  resendsPerInvitation: 3,
} as const;

/** A role that can be given by invitation: the owner is one and only changes by transfer. */
export const memberRoleSchema = z.enum(['editor', 'viewer']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const memberSchema = z.object({
  person: z.object({ oid: z.string(), name: z.string(), email: z.string() }),
  role: projectRoleSchema,
  /** active: a member; invited: the invitation waits for an answer. */
  state: z.enum(['active', 'invited']),
});
export type Member = z.infer<typeof memberSchema>;
/** The owner first, then members, then invitations. */
export const memberListSchema = z.array(memberSchema);

/** Invite someone by address (an unknown address is given an invited account). */
export const memberInviteSchema = z.object({ email: accountEmailSchema, role: memberRoleSchema }).strict();
export type MemberInvite = z.infer<typeof memberInviteSchema>;

/** A new role; `owner` hands the project over, and the old owner becomes an editor. */
export const memberPatchSchema = z.object({ role: projectRoleSchema }).strict();

export const memberParamsSchema = z.object({ id: idSchema, personId: idSchema });

/** An invitation as the invited person sees it. */
export const projectInvitationSchema = z.object({
  id: z.string(),
  project: z.object({ id: z.string(), name: z.string(), owner: z.string() }),
  role: memberRoleSchema,
  /** Who sent it (display name); empty when that account is gone. */
  invitedBy: z.string(),
  createdAt: z.string(),
});
export type ProjectInvitation = z.infer<typeof projectInvitationSchema>;
export const projectInvitationListSchema = z.array(projectInvitationSchema);
