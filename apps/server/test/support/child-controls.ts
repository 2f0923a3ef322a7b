import type { ChildProcess } from 'node:child_process';

// Pause, resume and stop for a private server's child process (private Redis, private SMTP), so
// fault tests can make a dependency hang or crash. The child may be replaced by a later start.

export interface ChildControls {
  pause(): void;
  resume(): void;
  /** Ends the process (as a crash would) and waits until it is gone. */
  stop(): Promise<void>;
}

export function childControls(current: () => ChildProcess | undefined): ChildControls {
  // A child left behind when the test run ends would hold its port.
  process.once('exit', () => void current()?.kill('SIGKILL'));
  return {
    pause: () => void current()?.kill('SIGSTOP'),
    resume: () => void current()?.kill('SIGCONT'),
    stop: async () => {
      const running = current();
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}
