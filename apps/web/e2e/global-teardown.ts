import { rmSync } from 'node:fs';

/** Removes the temporary SQLite database of the run (and SQLite's side files). */
export default function globalTeardown(): void {
  const database = process.env.PORTAL_E2E_DATABASE;
  if (!database) return;
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${database}${suffix}`, { force: true });
}
