import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { WEBHOOK_LIMITS } from '@portal/contract/webhook';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { nowIso, type Clock } from '../../lib/time.js';
import { retryDelayMs } from '../mail/outbox-worker.js';
import { queueMail } from '../mail/outbox.service.js';
import { endpointDisabledMail } from './webhook.mails.js';
import { systemResolver, type Resolver } from './webhook-address.js';
import {
  claimNextDelivery,
  failPendingDeliveries,
  projectOwnerOfEndpoint,
  pruneDeliveries,
  recordAttempt,
  updateEndpoint,
  type DeliveryRow,
} from './webhook.repository.js';
import { sendWebhook, type Attempt, type SendRules } from './webhook-sender.js';
import { signatureHeader } from './webhook.service.js';

const HOUR_MS = 3_600_000;
/** Finished log entries are kept this long (docs/webhooks.md#delivery-log). */
export const WEBHOOK_LOG_DAYS = 30;

export interface WebhookWorkerOptions {
  pollMs: number;
  /** Wait before the second attempt; doubled for each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed delivery belongs to this worker; longer than any attempt can take. */
  leaseMs: number;
}

// 30 s, 1, 2, 4, … minutes, at most an hour apart, until the delivery is 24 hours old.
export const DEFAULT_WEBHOOK_OPTIONS: WebhookWorkerOptions = {
  pollMs: 1000,
  baseDelayMs: 30_000,
  maxDelayMs: HOUR_MS,
  leaseMs: 5 * 60_000,
};

/** Most deliveries one worker sends before it looks at whether it should stop (bounded loop). */
const BATCH = 50;

/** The delivery rules of the configuration: https only and no private addresses in production. */
export function sendRules(config: Config, resolve: Resolver = systemResolver): SendRules {
  return {
    httpsOnly: config.production,
    allowPrivate: config.webhook.allowPrivate && !config.production,
    ownHost: config.publicUrl ? new URL(config.publicUrl).hostname : undefined,
    resolve,
    timeoutMs: config.webhook.timeoutMs,
  };
}

/** Where the owner's mail links to: the project page. */
export function projectLink(config: { publicUrl: string | undefined; port: number }): (projectId: string) => string {
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return (projectId) => `${base}/projects/${projectId}`;
}

const succeeded = (attempt: Attempt): boolean =>
  attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;

/**
 * Sends the queued webhook deliveries: claims one due delivery at a time (atomically, so every
 * instance can run a worker and each delivery goes out once per attempt), signs it, sends it and
 * records the attempt in the delivery log. Failed deliveries are retried with backoff for
 * WEBHOOK_LIMITS.retryHours; an endpoint failing that long is switched off and its project's
 * owner gets a mail (outbox, same transaction).
 */
export class WebhookWorker {
  private stopped = false;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private lastPrune = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly rules: SendRules,
    private readonly link: (projectId: string) => string,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    private readonly options: WebhookWorkerOptions = DEFAULT_WEBHOOK_OPTIONS,
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let sent = 0;
      try {
        await this.pruneHourly();
        while (!this.stopped && sent < BATCH && (await this.deliverNext())) sent++;
      } catch (error) {
        this.log.error({ err: error }, 'webhooks: cannot read the queue');
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

  private async pruneHourly(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastPrune < HOUR_MS) return;
    this.lastPrune = now;
    await pruneDeliveries(this.db, nowIso(new Date(now - WEBHOOK_LOG_DAYS * 24 * HOUR_MS)));
  }

  /** Sends one due delivery; false when none was due. */
  async deliverNext(): Promise<boolean> {
    const now = this.clock.now();
    const delivery = await claimNextDelivery(
      this.db,
      nowIso(now),
      nowIso(new Date(now.getTime() + this.options.leaseMs)),
    );
    if (!delivery) return false;
    const endpoint = await this.db
      .selectFrom('webhookEndpoint')
      .selectAll()
      .where('id', '=', delivery.endpointId)
      .executeTakeFirst();
    if (!endpoint) return true; // removed meanwhile, with its deliveries
    const sentAt = this.clock.now();
    const attempt = await sendWebhook(
      {
        url: endpoint.url,
        headers: {
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signatureHeader(endpoint, delivery.messageId, sentAt, delivery.payload),
        },
        body: delivery.payload,
      },
      this.rules,
    );
    await this.record(delivery, attempt, sentAt);
    return true;
  }

  private async record(delivery: DeliveryRow, attempt: Attempt, sentAt: Date): Promise<void> {
    const at = nowIso(sentAt);
    const logged = {
      lastAttemptAt: at,
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      response: attempt.response.slice(0, WEBHOOK_LIMITS.responseStoredBytes),
    };
    if (succeeded(attempt)) {
      await this.db.transaction().execute(async (trx) => {
        await recordAttempt(trx, delivery.id, { ...logged, state: 'delivered' });
        await updateEndpoint(trx, delivery.endpointId, { failingSince: null });
      });
      this.log.info({ deliveryId: delivery.id, event: delivery.event }, 'webhook delivered');
      return;
    }
    const next = new Date(sentAt.getTime() + retryDelayMs(Number(delivery.attempts), this.options));
    const giveUp = nowIso(next) > delivery.retryUntil;
    await this.db.transaction().execute(async (trx) => {
      await recordAttempt(trx, delivery.id, {
        ...logged,
        state: giveUp ? 'failed' : 'pending',
        nextAttemptAt: nowIso(next),
      });
      const endpoint = await trx
        .selectFrom('webhookEndpoint')
        .select(['projectId', 'failingSince', 'enabled', 'url'])
        .where('id', '=', delivery.endpointId)
        .executeTakeFirst();
      if (!endpoint) return;
      const failingSince = endpoint.failingSince ?? at;
      if (endpoint.failingSince === null) await updateEndpoint(trx, delivery.endpointId, { failingSince });
      const failedLongEnough = sentAt.getTime() - Date.parse(failingSince) >= WEBHOOK_LIMITS.retryHours * HOUR_MS;
      if (!failedLongEnough || endpoint.enabled !== 1) return;
      // Only the worker whose update switches it off sends the mail.
      const switched = await trx
        .updateTable('webhookEndpoint')
        .set({ enabled: 0, disabledReason: 'failing', updatedAt: at })
        .where('id', '=', delivery.endpointId)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      if (switched.numUpdatedRows === 0n) return;
      await failPendingDeliveries(trx, delivery.endpointId, 'endpoint disabled after 24 hours of failures');
      const owner = await projectOwnerOfEndpoint(trx, delivery.endpointId);
      if (owner && owner.disabled === 0) {
        await queueMail(
          trx,
          {
            kind: 'webhook-disabled',
            to: owner.email,
            language: owner.language,
            content: endpointDisabledMail(
              { recipient: owner, projectName: owner.projectName, url: endpoint.url, link: this.link(owner.projectId) },
              owner.language,
            ),
          },
          sentAt,
        );
      }
      this.log.warn({ endpointId: delivery.endpointId }, 'webhook endpoint disabled after a day of failures');
    });
  }
}

