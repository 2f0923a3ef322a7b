import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS } from '@portal/contract/webhook';
import { checkedAddress, RefusedAddress, type AddressRules } from './webhook-address.js';

// One delivery attempt over HTTP(S) (docs/webhooks.md#safety): to the checked address only, no
// redirects followed (node's client follows none), one deadline for connecting and answering,
// and at most WEBHOOK_LIMITS.responseReadBytes of the answer read.

export interface SendRules extends AddressRules {
  /** Only https:// receivers (production). */
  httpsOnly: boolean;
  timeoutMs: number;
}

export interface Attempt {
  /** The answer's status, or null when there was none (refused, unreachable, timed out). */
  statusCode: number | null;
  durationMs: number;
  /** The first bytes of the answer, or why there was none. */
  response: string;
}

export interface OutgoingMessage {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const since = (start: bigint): number => Number((process.hrtime.bigint() - start) / 1_000_000n);

/** Sends one message; never throws (every failure is an Attempt without a status). */
export async function sendWebhook(message: OutgoingMessage, rules: SendRules): Promise<Attempt> {
  const start = process.hrtime.bigint();
  const failed = (why: string): Attempt => ({ statusCode: null, durationMs: since(start), response: why });
  let url: URL;
  try {
    url = new URL(message.url);
  } catch {
    return failed('invalid address');
  }
  if (url.protocol !== 'https:' && (rules.httpsOnly || url.protocol !== 'http:')) return failed('only https addresses');
  let target;
  try {
    target = await checkedAddress(url, rules);
  } catch (error) {
    return failed(error instanceof RefusedAddress ? `refused: ${error.message}` : 'name not resolved');
  }
  // Every lookup the request makes answers the checked address (no second resolution).
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Attempt>((resolve) => {
    let settled = false;
    const finish = (attempt: Attempt): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(attempt);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: {
          ...message.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(message.body)),
          'user-agent': 'portal-webhooks/1',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const done = (): void => {
          const text = Buffer.concat(chunks).subarray(0, WEBHOOK_LIMITS.responseStoredBytes).toString('utf8');
          finish({ statusCode: response.statusCode ?? null, durationMs: since(start), response: text });
        };
        response.on('data', (chunk: Buffer) => {
          if (read >= WEBHOOK_LIMITS.responseReadBytes) return;
          const part = chunk.subarray(0, WEBHOOK_LIMITS.responseReadBytes - read);
          read += part.length;
          // Only what is stored is kept in memory; the rest is counted and dropped.
          if (read - part.length < WEBHOOK_LIMITS.responseStoredBytes) chunks.push(part);
          if (read >= WEBHOOK_LIMITS.responseReadBytes) done(); // stop reading there
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => finish(failed(`timed out after ${rules.timeoutMs} ms`)), rules.timeoutMs);
    request.on('error', (error) => finish(failed(describe(error))));
    request.end(message.body);
  });
}

function describe(error: Error): string {
  const code = (error as { code?: string }).code;
  return (code ? `${code}: ` : '') + error.message.replace(/\s+/g, ' ').slice(0, 200);
}
