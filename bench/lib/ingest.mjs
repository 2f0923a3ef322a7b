// Usage ingest as the provider's services send it: POST /rest/usage/ingest, batches of 5,000
// items, one after the other. New rows first (days after the generated ones), then the same
// batches again: the ingest is idempotent, so a resend changes nothing and must be cheap too.
import { LICENCES, END_DAY, licenceKey } from './scale-data.mjs';

export const BATCH_SIZE = 5000;
const BATCHES = 20;
const DAYS_PER_LICENCE = 5;

const DAY_MS = 86_400_000;
const dayAfter = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

function batches() {
  const licencesPerBatch = BATCH_SIZE / DAYS_PER_LICENCE;
  return Array.from({ length: BATCHES }, (_, b) => {
    const items = [];
    for (let i = 0; i < licencesPerBatch; i++) {
      const l = (b * licencesPerBatch + i) % LICENCES;
      for (let d = 1; d <= DAYS_PER_LICENCE; d++)
        items.push({ licenceKey: licenceKey(l), day: dayAfter(END_DAY, d), count: (l + d) % 997 });
    }
    return JSON.stringify({ items });
  });
}

async function send(base, token, bodies) {
  const started = performance.now();
  for (const body of bodies) {
    const res = await fetch(`${base}/rest/usage/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    const answer = await res.json();
    if (!res.ok || answer.accepted !== BATCH_SIZE)
      throw new Error(`ingest answered ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
  }
  return Math.round((bodies.length * BATCH_SIZE) / ((performance.now() - started) / 1000));
}

export async function measureIngest({ base, token }) {
  const bodies = batches();
  await send(base, token, bodies.slice(0, 1)); // warm-up: compiles the insert once
  const rowsPerSecond = await send(base, token, bodies.slice(1));
  const resendRowsPerSecond = await send(base, token, bodies.slice(1));
  return { rowsPerSecond, resendRowsPerSecond, batchSize: BATCH_SIZE, batches: bodies.length - 1 };
}
