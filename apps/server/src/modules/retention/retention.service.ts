import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/time.js';
import { SESSION_IDLE_MS } from '../auth/session.service.js';
import {
  claimRetentionDay,
  deleteExpiredAccessTokenBatch,
  deleteExpiredMfaTokenBatch,
  deleteExpiredSessionBatch,
  deleteExpiredTokenBatch,
  deleteOldContactRequestBatch,
  deleteOldMailBatch,
  deleteOldProjectInvitationBatch,
  deleteStaleKnownDeviceBatch,
  deleteUnverifiedSignupBatch,
  finishRetentionDay,
  RETENTION_BATCH,
} from './retention.repository.js';

// The retention job (docs/privacy.md#retention): personal data whose purpose has ended is
// deleted once a day. Mail bodies need no job: the outbox forgets them as soon as a mail is
// sent or given up (modules/mail/outbox.repository.ts).

export type RetentionPeriods = Pick<Config['retention'], 'unverifiedDays' | 'contactMonths' | 'mailMonths'>;

/** Days after its last sign-in a browser is no longer a known one (docs/privacy.md#retention). */
export const KNOWN_DEVICE_DAYS = 180;

/** Days a project invitation waits to be accepted or declined (docs/domain.md#sharing). */
export const PROJECT_INVITATION_DAYS = 90;

/** Rows deleted per kind by one run. */
export interface RetentionResult {
  unverifiedSignups: number;
  expiredLinks: number;
  expiredSessions: number;
  expiredAccessTokens: number;
  expiredSecondSteps: number;
  staleKnownDevices: number;
  oldProjectInvitations: number;
  contactRequests: number;
  oldMails: number;
}

/**
 * Most statements per kind and run: with RETENTION_BATCH rows each, a run deletes at most
 * 20 × 500 rows of a kind, however large the backlog; the next day's run takes the rest.
 */
const MAX_BATCHES_PER_RUN = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The same moment `months` calendar months earlier (UTC; the 31st becomes the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now.getTime());
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

async function inBatches(batch: () => Promise<number>, maxBatches: number, batchSize: number): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const deleted = await batch();
    total += deleted;
    // Fewer than a whole batch: nothing more is due (or another instance took it meanwhile).
    if (deleted < batchSize) break;
  }
  return total;
}

/**
 * Deletes what has outlived its purpose, as of the clock's now. Safe to run on several instances
 * at once: every deletion re-checks its condition and counts only rows it removed itself.
 */
export async function runRetention(
  db: Kysely<Database>,
  clock: Clock,
  periods: RetentionPeriods,
  limits: { batchSize?: number; maxBatches?: number } = {},
): Promise<RetentionResult> {
  const now = clock.now();
  const nowIso = now.toISOString();
  const batchSize = limits.batchSize ?? RETENTION_BATCH;
  const maxBatches = limits.maxBatches ?? MAX_BATCHES_PER_RUN;
  const run = (batch: (limit: number) => Promise<number>) => inBatches(() => batch(batchSize), maxBatches, batchSize);
  return {
    // Links first: an old sign-up whose confirmation link has just ended then counts as without one.
    expiredLinks: await run((limit) => deleteExpiredTokenBatch(db, nowIso, limit)),
    expiredSessions: await run((limit) =>
      deleteExpiredSessionBatch(
        db,
        { idleBefore: new Date(now.getTime() - SESSION_IDLE_MS).toISOString(), now: nowIso },
        limit,
      ),
    ),
    expiredAccessTokens: await run((limit) => deleteExpiredAccessTokenBatch(db, nowIso, limit)),
    expiredSecondSteps: await run((limit) => deleteExpiredMfaTokenBatch(db, nowIso, limit)),
    staleKnownDevices: await run((limit) =>
      deleteStaleKnownDeviceBatch(db, new Date(now.getTime() - KNOWN_DEVICE_DAYS * DAY_MS).toISOString(), limit),
    ),
    unverifiedSignups: await run((limit) =>
      deleteUnverifiedSignupBatch(
        db,
        { updatedBefore: new Date(now.getTime() - periods.unverifiedDays * DAY_MS).toISOString(), now: nowIso },
        limit,
      ),
    ),
    oldProjectInvitations: await run((limit) =>
      deleteOldProjectInvitationBatch(db, new Date(now.getTime() - PROJECT_INVITATION_DAYS * DAY_MS).toISOString(), limit),
    ),
    contactRequests: await run((limit) =>
      deleteOldContactRequestBatch(db, monthsBefore(now, periods.contactMonths).toISOString(), limit),
    ),
    oldMails: await run((limit) => deleteOldMailBatch(db, monthsBefore(now, periods.mailMonths).toISOString(), limit)),
  };
}

/**
 * The day's run, if no instance has claimed this day yet: answers what it deleted, or undefined
 * when another instance has the day (it runs, or ran, the same deletions).
 */
export async function runRetentionOncePerDay(
  db: Kysely<Database>,
  clock: Clock,
  periods: RetentionPeriods,
): Promise<RetentionResult | undefined> {
  const started = clock.now();
  const day = started.toISOString().slice(0, 10);
  if (!(await claimRetentionDay(db, day, started.toISOString()))) return undefined;
  const result = await runRetention(db, clock, periods);
  await finishRetentionDay(db, day, clock.now().toISOString(), result);
  return result;
}

/** How often an instance looks whether the day's run is due. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** First look this long after start, so start-up work and the first requests come first. */
const FIRST_CHECK_MS = 60 * 1000;

/**
 * Runs the retention job once a day on one of the instances: each instance looks every hour, and
 * the first to claim the day in the database runs it. An instance that stops mid-run leaves the
 * rest to the next day's run (the deletions catch up, they go by age).
 */
export class RetentionJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly periods: RetentionPeriods,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.schedule(FIRST_CHECK_MS);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One look: runs the day's job when this instance claims it. */
  async check(): Promise<RetentionResult | undefined> {
    try {
      const result = await runRetentionOncePerDay(this.db, this.clock, this.periods);
      if (result) this.log.info({ deleted: result }, 'retention: daily run done');
      return result;
    } catch (error) {
      // The database is away (restart, network): the next look tries again.
      this.log.error({ err: error }, 'retention: run failed');
      return undefined;
    }
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.running = this.check().then(() => {
        if (this.timer) this.schedule(CHECK_EVERY_MS);
      });
    }, delayMs);
    this.timer.unref();
  }
}
