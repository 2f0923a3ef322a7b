import { spawn, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { freePort } from './built-server.js';
import { childControls, type ChildControls } from './child-controls.js';

// A redis-server of the test's own, on a free port, that the test may pause (SIGSTOP), resume,
// stop and start again. The shared Redis on 6379 is never touched.

export interface PrivateRedis extends ChildControls {
  url: string;
  /** Starts it again on the same port (empty: it keeps nothing). */
  start(): Promise<void>;
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const controls = childControls(() => child);

  const start = async (): Promise<void> => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const end = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (Date.now() > end) throw new Error(`redis-server did not listen on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    ...controls,
    start,
  };
}
