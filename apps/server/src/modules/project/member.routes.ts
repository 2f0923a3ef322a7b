import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import { projectSchema } from '@portal/contract/project';
import {
  memberInviteSchema,
  memberListSchema,
  memberParamsSchema,
  memberPatchSchema,
  projectInvitationListSchema,
} from '@portal/contract/project-member';
import { currentUser } from '../auth/authenticate.js';
import type { InvitationMailLimits } from './invitation-mail-limits.js';
import { accountLinks } from '../account/account.service.js';
import { requireSelf } from '../person-record/require-self.js';
import {
  acceptInvitation,
  changeRole,
  declineInvitation,
  inviteMember,
  listInvitations,
  listMembers,
  removeMember,
  resendInvitation,
  type MemberLinks,
} from './member.service.js';
import { projectOf } from './project.service.js';
import { requireProjectRole } from './project.service.js';

const idParams = z.object({ id: idSchema });

export const memberRoutes: FastifyPluginAsyncZod<{ limits: InvitationMailLimits }> = async (app, { limits }) => {
  const base = app.config.publicUrl ?? `http://localhost:${app.config.port}`;
  const links: MemberLinks = { ...accountLinks(app.config), projects: `${base}/projects` };

  app.get(
    '/rest/collection/project/:id/member',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'viewer', param: 'id' } },
      schema: {
        tags: ['project'],
        summary: 'The owner, the members and the pending invitations of a project (any member)',
        params: idParams,
        response: { 200: memberListSchema },
      },
    },
    async (request) => {
      return listMembers(app.db, await projectOf(request));
    },
  );

  app.post(
    '/rest/collection/project/:id/member',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'owner', param: 'id' } },
      schema: {
        tags: ['project'],
        summary: 'Invite someone by address as editor or viewer (owner only); answers the members',
        description:
          'An address already invited: 409 alreadyInvited, and no mail (send it again with …/resend). Invitation ' +
          'mails are limited per inviter, project and recipient address (INVITATION_MAIL_LIMITS): beyond a ' +
          'limit 429 invitationLimit with Retry-After, and nothing is stored.',
        params: idParams,
        body: memberInviteSchema,
        response: { 201: memberListSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await projectOf(request);
      await inviteMember(app.db, links, limits, user, project, request.body, app.clock.now());
      return reply.code(201).send(await listMembers(app.db, project));
    },
  );

  app.post(
    '/rest/collection/project/:id/member/:personId/resend',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'owner', param: 'id' } },
      schema: {
        tags: ['project'],
        summary: 'Send a pending invitation again (owner only)',
        description:
          'A person without a password gets a new link that sets it (the older one ends). At most ' +
          'INVITATION_MAIL_LIMITS.resendsPerInvitation times a day, and counted like every invitation mail: ' +
          'beyond a limit 429 invitationLimit with Retry-After. Nobody invited to the project: 404.',
        params: memberParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await projectOf(request);
      await resendInvitation(app.db, links, limits, user, project, request.params.personId, app.clock.now());
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/rest/collection/project/:id/member/:personId',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'owner', param: 'id' } },
      schema: {
        tags: ['project'],
        summary: "Change a member's or an invitation's role (owner only); role owner hands the project over",
        params: memberParamsSchema,
        body: memberPatchSchema,
        response: { 200: memberListSchema },
      },
    },
    async (request) => {
      const project = await projectOf(request);
      await changeRole(app.db, project, request.params.personId, request.body.role, app.clock.now());
      // After a handover the caller is an editor: the list is read with their new role.
      return listMembers(app.db, await requireProjectRole(app.db, currentUser(request), project.id, 'viewer'));
    },
  );

  app.delete(
    '/rest/collection/project/:id/member/:personId',
    {
      // Leaving a project (one's own id as personId) needs only membership.
      config: { access: 'user', token: 'allowed', role: { project: 'owner', param: 'id', selfParam: 'personId' } },
      schema: {
        tags: ['project'],
        summary:
          'Remove a member or withdraw an invitation (owner), or leave the project (the member themself)',
        params: memberParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeMember(
        app.db,
        currentUser(request),
        await projectOf(request),
        request.params.personId,
        app.clock.now(),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/rest/collection/person/:oid/invitation',
    {
      config: { access: 'user' },
      schema: {
        tags: ['project'],
        summary: "The person's pending invitations to projects",
        params: z.object({ oid: idSchema }),
        response: { 200: projectInvitationListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      return listInvitations(app.db, user);
    },
  );

  app.post(
    '/rest/collection/invitation/:id/accept',
    {
      config: { access: 'user' },
      schema: {
        tags: ['project'],
        summary: 'Accept an invitation of the caller; answers the project',
        params: idParams,
        response: { 200: projectSchema },
      },
    },
    async (request) => acceptInvitation(app.db, currentUser(request), request.params.id, app.clock.now()),
  );

  app.post(
    '/rest/collection/invitation/:id/decline',
    {
      config: { access: 'user' },
      schema: {
        tags: ['project'],
        summary: 'Decline an invitation of the caller',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await declineInvitation(app.db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
