// Loaded into the server under soak with `node --import` (NODE_OPTIONS), never in production:
// on SIGUSR2 it writes the process's own figures to SOAK_PROBE_FILE as JSON, the heap measured
// after a full garbage collection (so that growth is retained memory, not garbage not yet
// collected) and the event loop's delay since the previous signal. Descriptors, sockets and RSS
// are read from /proc by the soak itself. Used by bench/soak.mjs and the reliability suite's soak.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const delayP99Ms = delay.percentile(99) / 1e6;
    const delayMaxMs = delay.max / 1e6;
    delay.reset();
    gc();
    const { heapUsed, rss } = process.memoryUsage();
    writeFileSync(
      file,
      JSON.stringify({ heapUsedMb: heapUsed / 2 ** 20, rssMb: rss / 2 ** 20, delayP99Ms, delayMaxMs }),
    );
  });
}
