import type { Readable, Writable } from 'node:stream';
import type { Config } from '../config.js';
import type { Clock } from '../lib/time.js';

/** Ends a command with one line for the operator and an exit code (2: bad usage or input). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

export const usageError = (message: string): CliError => new CliError(message, 2);

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Placeholder in the usage line, for string options (E, DIR, de|en). */
  value?: string;
  description: string;
}

export interface CliIo {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

export interface Invocation {
  /** Option values by name (boolean options are true or undefined). */
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  io: CliIo;
  /** The environment's configuration, read when first asked for. */
  config: () => Config;
  /** Where the command reads "now" for what it writes (the system's clock). */
  clock: Clock;
  /** Writes one line to standard output. */
  print: (line: string) => void;
}

export interface Command {
  name: string;
  /** One line for `portal --help`. */
  summary: string;
  /** Names of the positional arguments, in order; all are required. */
  positionals?: string[];
  options: Record<string, OptionSpec>;
  /** Further lines for `portal <command> --help`. */
  notes?: string[];
  run: (invocation: Invocation) => Promise<void>;
}

/** A string option's value (undefined when not given). */
export function stringOption(invocation: Invocation, name: string): string | undefined {
  const value = invocation.values[name];
  return typeof value === 'string' ? value : undefined;
}

export function requiredOption(invocation: Invocation, name: string): string {
  const value = stringOption(invocation, name);
  if (value === undefined || value.trim() === '') throw usageError(`--${name} is required`);
  return value;
}

/** A string option limited to a few values. */
export function choiceOption<T extends string>(
  invocation: Invocation,
  name: string,
  choices: readonly T[],
): T | undefined {
  const value = stringOption(invocation, name);
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value)) {
    throw usageError(`--${name} must be one of ${choices.join(', ')} (got ${JSON.stringify(value)})`);
  }
  return value as T;
}
