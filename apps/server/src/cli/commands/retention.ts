import { systemClock } from '../../lib/time.js';
import { KNOWN_DEVICE_DAYS, PROJECT_INVITATION_DAYS, runRetention } from '../../modules/retention/retention.service.js';
import type { Command } from '../command.js';
import { withDatabase } from '../database.js';

export const retentionRun: Command = {
  name: 'retention:run',
  summary: 'Deletes personal data past its retention period now (the servers do this once a day).',
  options: {},
  notes: [
    'Periods from RETENTION_UNVERIFIED_DAYS, RETENTION_CONTACT_MONTHS and RETENTION_MAIL_MONTHS (docs/privacy.md#retention).',
    "Safe while servers run and next to their daily run; each run deletes a bounded number of rows, run it again for more.",
  ],
  async run(invocation) {
    const { retention } = invocation.config();
    await withDatabase(invocation, async ({ db }) => {
      const deleted = await runRetention(db, systemClock, retention);
      invocation.print(
        `Deleted: ${deleted.unverifiedSignups} unconfirmed sign-ups, ${deleted.expiredLinks} expired links, ` +
          `${deleted.expiredSessions} expired sessions, ${deleted.expiredAccessTokens} expired access tokens, ` +
          `${deleted.expiredSecondSteps} expired sign-in second steps, ${deleted.staleKnownDevices} browsers not used ` +
          `for ${KNOWN_DEVICE_DAYS} days, ${deleted.oldProjectInvitations} project invitations older than ` +
          `${PROJECT_INVITATION_DAYS} days, ${deleted.contactRequests} contact requests, ${deleted.oldMails} old mail rows`,
      );
    });
  },
};
