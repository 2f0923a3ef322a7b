import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.js';

// What one request costs the built server (docs/reliability.md#cost-per-request): CPU time and
// resident memory of the server process, read from /proc around each request (the suite sends
// one at a time, so the difference is that request's, plus the few timers that ran meanwhile),
// and the mails it queued in the outbox.

/** Who sends a request: nobody signed in, a customer, or the usage service with its token. */
export type Caller = 'anonymous' | 'customer' | 'ingest';

export interface Budget {
  /** CPU time of the whole server process (every thread: password hashing and images too). */
  cpuMs: number;
  /** Growth of the server's resident memory while the request ran. */
  rssMb: number;
  /** Mails queued by the request. */
  mails: number;
}

/**
 * The most one request may cost, per caller (docs/reliability.md#cost-per-request). CPU: a
 * sign-in or sign-up hashes one password (argon2id, 19 MiB: ~40 ms), a customer's avatar
 * upload may decode a 40-megapixel picture (measured up to 290 ms with sharp's first load); the
 * budgets leave room for a loaded machine, not for another kind of work. Memory: the first image upload loads sharp (~30 MB).
 * Mails: one.
 */
export const BUDGETS: Record<Caller, Budget> = {
  anonymous: { cpuMs: 150, rssMb: 32, mails: 1 },
  customer: { cpuMs: 500, rssMb: 64, mails: 1 },
  ingest: { cpuMs: 500, rssMb: 64, mails: 1 },
};

/**
 * Mails one address may get over the whole run from requests it did not make (the caller
 * signed in as its owner made it): the portal's largest allowance per address, 3 password or
 * confirmation mails an hour (apps/server/src/modules/account/account-limits.ts), and an
 * invitation with its resends.
 */
export const UNASKED_MAILS_PER_ADDRESS = 3;

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

export interface ProcessUse {
  cpuMs: number;
  rssBytes: number;
}

/** CPU time (user + system, all threads; 10 ms steps) and resident memory of a process. */
export function processUse(pid: number): ProcessUse {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuMs: ticks * TICK_MS, rssBytes: Number(rss?.[1] ?? 0) * 1024 };
}

export interface Mail {
  id: string;
  to: string;
}

/** The outbox's rows (id and recipient); a request's mails are the ids new after it. */
export async function outbox(db: Kysely<Database>): Promise<Mail[]> {
  const rows = await db.selectFrom('mailOutbox').select(['id', 'toAddress']).execute();
  return rows.map((r) => ({ id: r.id, to: r.toAddress.toLowerCase() }));
}

export interface Cost extends ProcessUse {
  mails: Mail[];
}

/** The highest cost seen per caller, and the mails per address nobody there asked for. */
export class CostLedger {
  readonly most: Record<Caller, { cpuMs: number; rssMb: number; mails: number; cpuLabel: string }> = {
    anonymous: { cpuMs: 0, rssMb: 0, mails: 0, cpuLabel: '' },
    customer: { cpuMs: 0, rssMb: 0, mails: 0, cpuLabel: '' },
    ingest: { cpuMs: 0, rssMb: 0, mails: 0, cpuLabel: '' },
  };
  readonly unasked = new Map<string, string[]>();
  mailsInAll = 0;

  /**
   * Records one request's cost; answers what broke a budget. `ownAddress` is the signed-in
   * caller's address (mails to it were asked for).
   */
  record(label: string, caller: Caller, cost: Cost, ownAddress: string | undefined): string[] {
    const budget = BUDGETS[caller];
    const most = this.most[caller];
    const rssMb = Math.max(0, cost.rssBytes) / 2 ** 20;
    if (cost.cpuMs > most.cpuMs) Object.assign(most, { cpuMs: cost.cpuMs, cpuLabel: label });
    most.rssMb = Math.max(most.rssMb, rssMb);
    most.mails = Math.max(most.mails, cost.mails.length);
    this.mailsInAll += cost.mails.length;
    const problems: string[] = [];
    if (cost.cpuMs > budget.cpuMs)
      problems.push(`${label} (${caller}): ${cost.cpuMs} ms CPU, budget ${budget.cpuMs} ms`);
    if (rssMb > budget.rssMb)
      problems.push(
        `${label} (${caller}): resident memory grew ${rssMb.toFixed(0)} MB, budget ${budget.rssMb} MB`,
      );
    if (cost.mails.length > budget.mails)
      problems.push(`${label} (${caller}): ${cost.mails.length} mails queued, budget ${budget.mails}`);
    for (const mail of cost.mails) {
      if (mail.to === ownAddress?.toLowerCase()) continue;
      const causes = [...(this.unasked.get(mail.to) ?? []), label];
      this.unasked.set(mail.to, causes);
      if (causes.length === UNASKED_MAILS_PER_ADDRESS + 1)
        problems.push(
          `${mail.to} got ${causes.length} mails it did not ask for (at most ${UNASKED_MAILS_PER_ADDRESS}): ${causes.join('; ')}`,
        );
    }
    return problems;
  }

  /** The figures for printFigures. */
  figures(): Record<string, number | string> {
    const out: Record<string, number | string> = {};
    for (const [caller, most] of Object.entries(this.most)) {
      out[`${caller}MaxCpuMs`] = Math.round(most.cpuMs);
      out[`${caller}MaxRssMb`] = Math.round(most.rssMb);
      out[`${caller}MaxMails`] = most.mails;
      if (most.cpuLabel) out[`${caller}Costliest`] = JSON.stringify(most.cpuLabel.slice(0, 60));
    }
    out.mails = this.mailsInAll;
    out.mostUnaskedMailsToOneAddress = Math.max(0, ...[...this.unasked.values()].map((c) => c.length));
    return out;
  }
}
