import type { Db } from '../../db/database.js';
import { addDays, monthOf } from '../../lib/period.js';
import { nowIso } from '../../lib/time.js';
import { queueMail } from '../mail/outbox.service.js';
import { alertRecipients, alertsDue, claimAlert, serviceNames } from './licence-tools.repository.js';
import { usageAlertMail } from './usage-alert.mails.js';
import { emitWebhookEvent } from '../webhook-record/webhook.service.js';

// Usage alerts (docs/domain.md#usage-alerts). Checked after usage is written (the ingest call and
// the CSV import), for the months the written days fall in. Only the current and the previous
// calendar month (UTC, by `now`) alert: counts for the last days of a month arrive after it ends,
// but a backfill of old months is history, not news.

/** Licences per query (an `in` list). */
const CHUNK = 1000;

/** Where the mail links to: the licence page (the web app redirects to its full address). */
export type LicenceLink = (projectId: string, licenceId: string) => string;

export function licenceLinks(config: { publicUrl: string | undefined; port: number }): LicenceLink {
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return (projectId, licenceId) => `${base}/projects/${projectId}/${licenceId}`;
}

/** The months a write of these days can alert for at `now`: the current and the previous one. */
function alertableMonths(days: Iterable<string>, now: Date): string[] {
  const current = monthOf(now.toISOString().slice(0, 10));
  const previous = addDays(current.from, -1).slice(0, 7);
  const open = new Set([current.from.slice(0, 7), previous]);
  const months = new Set<string>();
  for (const day of days) {
    const month = day.slice(0, 7);
    if (open.has(month)) months.add(month);
  }
  return [...months];
}

/**
 * Queues the alert mail of every licence whose month (among those written) reached its
 * threshold, once per licence and month: the claim row and the mails are written in one
 * transaction, and only the writer whose claim row is new sends.
 */
export async function checkUsageAlerts(
  db: Db,
  written: ReadonlyArray<{ licenceId: string; day: string }>,
  now: Date,
  link: LicenceLink,
): Promise<number> {
  const months = alertableMonths(
    written.map((w) => w.day),
    now,
  );
  if (months.length === 0) return 0;
  const ids = [...new Set(written.filter((w) => months.includes(w.day.slice(0, 7))).map((w) => w.licenceId))];
  let queued = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const due of await alertsDue(db, ids.slice(i, i + CHUNK), months)) {
      const threshold = Number(due.threshold);
      const calls = Number(due.calls);
      const sent = await db.transaction().execute(async (trx) => {
        const claimed = await claimAlert(trx, { licenceId: due.licenceId, month: due.month, threshold, calls, sentAt: nowIso(now) });
        if (!claimed) return 0;
        await emitWebhookEvent(
          trx,
          due.projectId,
          'usage.threshold_reached',
          { licenceId: due.licenceId, serviceId: due.serviceId, month: due.month, threshold, calls },
          now,
        );
        const names = await serviceNames(trx, due.serviceId);
        const recipients = await alertRecipients(trx, due.projectId);
        for (const person of recipients) {
          const serviceName = (person.language === 'en' ? names?.nameEn : names?.nameDe) || (names?.nameDe ?? '');
          await queueMail(trx, {
            kind: 'usage-alert',
            to: person.email,
            language: person.language,
            content: usageAlertMail(
              {
                recipient: person,
                serviceName,
                projectName: due.projectName,
                month: due.month,
                threshold,
                calls,
                link: link(due.projectId, due.licenceId),
              },
              person.language,
            ),
          }, now);
        }
        return recipients.length;
      });
      queued += sent;
    }
  }
  return queued;
}
