import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { CliError, usageError } from '../command.js';

// Reading and writing the folders of the export and import commands.

/** Largest file read from an import folder (images included). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

export function requireFolder(dir: string): void {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw usageError(`${dir} is not a folder`);
}

export function readBytes(path: string): Buffer {
  const size = statSync(path).size;
  if (size > MAX_FILE_BYTES) throw new CliError(`${path} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  return readFileSync(path);
}

/** A JSON file's content, or a CliError naming the file and where it breaks. */
export function readJson(path: string): unknown {
  try {
    return JSON.parse(readBytes(path).toString('utf8')) as unknown;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Names in a folder (sorted), or none when it does not exist. */
export function entries(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

export function ensureFolder(dir: string): void {
  mkdirSync(dir, { recursive: true });
}
