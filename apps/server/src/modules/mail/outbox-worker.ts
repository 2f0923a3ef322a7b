import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { nowIso, type Clock } from '../../lib/time.js';
import type { MailSender } from './mail-sender.js';
import { claimNextMail, markMailAttemptFailed, markMailSent, type OutboxRow } from './outbox.repository.js';

export interface OutboxWorkerOptions {
  /** Pause between looks at an empty queue. */
  pollMs: number;
  /** Wait before the second attempt; doubled for each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many attempts the mail is marked failed. */
  maxAttempts: number;
  /** How long a claimed mail belongs to this worker; longer than any attempt can take. */
  leaseMs: number;
}

// 30 s, 1, 2, 4, … minutes, at most an hour apart: ten attempts cover about three hours of
// mail server outage before a mail is marked failed (an admin sees it in the outbox list).
export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = {
  pollMs: 1000,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 10,
  leaseMs: 5 * 60_000,
};

/** Most mails one worker sends before it looks at whether it should stop (bounded loop). */
const BATCH = 50;

/** The wait after the given (failed) attempt. */
export function retryDelayMs(
  attempts: number,
  options: Pick<OutboxWorkerOptions, 'baseDelayMs' | 'maxDelayMs'>,
): number {
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
}

const describeError = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

/**
 * Sends the outbox: claims one due mail at a time (atomically, so several instances can run a
 * worker each and every mail goes out once), sends it, and stores the outcome. Stops cleanly:
 * stop() lets the mail in flight finish and then resolves.
 */
export class OutboxWorker {
  private stopped = false;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sender: MailSender,
    private readonly log: FastifyBaseLogger,
    /** The app's clock: when a mail is due, leased and retried. */
    private readonly clock: Clock,
    private readonly options: OutboxWorkerOptions = DEFAULT_OUTBOX_OPTIONS,
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    this.sender.close();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let sent = 0;
      try {
        while (!this.stopped && sent < BATCH && (await this.sendNext())) sent++;
      } catch (error) {
        // The database is away (restart, network): try again after the pause.
        this.log.error({ err: error }, 'mail outbox: cannot read the queue');
      }
      if (sent < BATCH) await this.pause();
    }
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.options.pollMs);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Sends one due mail; false when none was due. */
  private async sendNext(): Promise<boolean> {
    const now = this.clock.now().getTime();
    const mail = await claimNextMail(
      this.db,
      nowIso(new Date(now)),
      nowIso(new Date(now + this.options.leaseMs)),
    );
    if (!mail) return false;
    try {
      await this.sender.send({
        to: mail.toAddress,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
    } catch (error) {
      await this.recordFailure(mail, error);
      return true;
    }
    await markMailSent(this.db, mail.id, nowIso(this.clock.now()));
    this.log.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts }, 'mail sent');
    return true;
  }

  private async recordFailure(mail: OutboxRow, error: unknown): Promise<void> {
    const lastError = describeError(error);
    const giveUp = mail.attempts >= this.options.maxAttempts;
    const nextAttemptAt = nowIso(
      new Date(this.clock.now().getTime() + retryDelayMs(mail.attempts, this.options)),
    );
    await markMailAttemptFailed(this.db, mail.id, {
      state: giveUp ? 'failed' : 'queued',
      lastError,
      nextAttemptAt,
    });
    this.log.warn(
      { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error: lastError },
      giveUp ? 'mail failed for good' : 'mail attempt failed, will retry',
    );
  }
}
