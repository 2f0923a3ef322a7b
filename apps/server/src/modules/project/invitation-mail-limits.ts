import { RateLimiterRes } from 'rate-limiter-flexible';
import { INVITATION_MAIL_LIMITS } from '@portal/contract/project-member';
import { HttpError } from '../../lib/http-error.js';
import type { Limiter, LimiterFactory } from '../auth/login-throttle.js';

// Invitation mails of project sharing, counted per recipient address, per project, per inviter
// and per pending invitation sent again (docs/security.md#invitation-mails). The counters live
// where every other limit does (Redis when REDIS_URL is set, else this process); each mail is
// taken from every counter that applies before its invitation is stored, atomically per
// counter, so parallel invitations cannot slip past a limit together.

/** The mail of an invitation about to be stored or sent again. */
interface InvitationMail {
  inviterId: string;
  projectId: string;
  /** The recipient's address (lower case). */
  recipient: string;
  /**
   * The recipient can sign in and finds the invitation on their project list, so it may be
   * stored without a mail once a limit is spent (not when the owner sends it again).
   */
  recipientSeesItInTheApp: boolean;
  /** Set when the owner sends a pending invitation again: the invitation (project and person). */
  resendOf?: string;
}

type Counter = [Limiter, string];

const refused = (error: RateLimiterRes): HttpError =>
  new HttpError(429, 'invitationLimit', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))),
  });

export class InvitationMailLimits {
  private readonly resend: Limiter;
  private readonly project: Limiter;
  private readonly inviter: Limiter;
  private readonly recipient: Limiter;

  constructor(create: LimiterFactory) {
    const duration = INVITATION_MAIL_LIMITS.windowHours * 60 * 60;
    this.resend = create({ keyPrefix: 'resend', points: INVITATION_MAIL_LIMITS.resendsPerInvitation, duration });
    this.project = create({ keyPrefix: 'project', points: INVITATION_MAIL_LIMITS.perProject, duration });
    this.inviter = create({ keyPrefix: 'inviter', points: INVITATION_MAIL_LIMITS.perInviter, duration });
    this.recipient = create({ keyPrefix: 'recipient', points: INVITATION_MAIL_LIMITS.perRecipient, duration });
  }

  /**
   * Takes the mail from every counter that applies, the narrowest first, and answers whether
   * to send it. When a counter is spent, what was taken is given back, and the invitation is
   * refused (429 invitationLimit with Retry-After), unless the recipient sees it in the app:
   * then it is stored without a mail (false).
   */
  async take(mail: InvitationMail): Promise<boolean> {
    const counters: Counter[] = [
      ...(mail.resendOf === undefined ? [] : [[this.resend, mail.resendOf] as Counter]),
      [this.recipient, mail.recipient],
      [this.project, mail.projectId],
      [this.inviter, mail.inviterId],
    ];
    const taken: Counter[] = [];
    try {
      for (const counter of counters) {
        await counter[0].consume(counter[1]);
        taken.push(counter);
      }
      return true;
    } catch (error) {
      await this.giveBack(taken);
      if (!(error instanceof RateLimiterRes)) throw error;
      if (mail.recipientSeesItInTheApp && mail.resendOf === undefined) return false;
      throw refused(error);
    }
  }

  private async giveBack(taken: readonly Counter[]): Promise<void> {
    await Promise.all(taken.map(([limiter, key]) => limiter.reward(key, 1)));
  }
}
