import { ConfigError } from '../config.js';
import { DatabaseOpenError } from '../db/connect.js';
import { MigrationError } from '../db/migrate.js';

/** One line for an operator about why the server or a command could not start. */
export function describeStartError(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof MigrationError) {
    return error.message;
  }
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '3D000' || code === '28P01') {
    return `cannot reach the database (${code}): check DATABASE_URL`;
  }
  if (code === 'EADDRINUSE') return 'the port is already in use: set PORT to a free port';
  return error instanceof Error ? error.message : String(error);
}
