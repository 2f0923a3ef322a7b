import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './built-server.js';
import { childControls, type ChildControls } from './child-controls.js';

// A real SMTP server (smtp-server) in a child process of the test's own, on a free port, that
// the test may pause (SIGSTOP), resume, stop and start again; it remembers every recipient.

export interface PrivateSmtp extends ChildControls {
  url: string;
  /** Recipients of every mail received so far, over every start. */
  received: string[];
  start(): Promise<void>;
}

const script = fileURLToPath(new URL('./smtp-child.mjs', import.meta.url));

export async function startPrivateSmtp(): Promise<PrivateSmtp> {
  const port = await freePort();
  const received: string[] = [];
  let child: ChildProcess | undefined;
  const controls = childControls(() => child);

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const started = spawn(process.execPath, [script, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
      child = started;
      let buffer = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line === 'listening') resolve();
          else received.push(...(JSON.parse(line) as { to: string[] }).to);
        }
      });
      started.once('exit', (code) => reject(new Error(`SMTP server ended (${code})`)));
    });
  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    ...controls,
    start,
  };
}
