import { IMAGE_LIMITS } from '@portal/contract/image';
import { HttpError } from './http-error.js';

// Decoding and encoding a picture runs in sharp's threads (libuv's pool, which sign-ins' password
// hashing shares) and holds up to ~100 MB while it runs. At most IMAGE_LIMITS.concurrentJobs run
// at once per server; a few more wait their turn for a bounded time, and the rest are told to come
// back (503 with Retry-After) instead of piling up memory. A bounded wait queue with a timeout is
// what p-limit and its kin do not offer, hence these lines.

const busy = (): HttpError =>
  new HttpError(503, 'unavailable', undefined, { 'retry-after': String(IMAGE_LIMITS.maxWaitSeconds) });

let running = 0;
const waiting: Array<() => void> = [];

/** Waits for a free slot: resolves when it has one, rejects with a 503 when it waits too long. */
function acquire(): Promise<void> {
  if (running < IMAGE_LIMITS.concurrentJobs) {
    running++;
    return Promise.resolve();
  }
  if (waiting.length >= IMAGE_LIMITS.waitingJobs) return Promise.reject(busy());
  return new Promise((resolve, reject) => {
    const turn = (): void => {
      clearTimeout(timer);
      running++;
      resolve();
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(turn), 1);
      reject(busy());
    }, IMAGE_LIMITS.maxWaitSeconds * 1000);
    waiting.push(turn);
  });
}

function release(): void {
  running--;
  waiting.shift()?.();
}

/** Runs one picture's decoding and encoding when a slot is free (see above). */
export async function runImageJob<T>(job: () => Promise<T>): Promise<T> {
  await acquire();
  try {
    return await job();
  } finally {
    release();
  }
}

/** Jobs running and waiting now (tests and the health figures read it). */
export const imageJobCounts = (): { running: number; waiting: number } => ({
  running,
  waiting: waiting.length,
});
