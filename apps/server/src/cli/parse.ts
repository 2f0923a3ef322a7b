import { parseArgs } from 'node:util';
import { usageError, type Command } from './command.js';

const PASSWORD_OPTION = /^--?(password|passwd|pass|pw)(=|$)/i;

/** Usage text of one command, for --help and after a usage error. */
export function commandHelp(command: Command): string {
  const positionals = (command.positionals ?? []).map((p) => ` ${p}`).join('');
  const options = Object.entries(command.options);
  const shown = options.map(([name, spec]) =>
    spec.type === 'string' ? `--${name} ${spec.value ?? 'VALUE'}` : `--${name}`,
  );
  const width = Math.max(0, ...shown.map((s) => s.length));
  const lines = [
    `Usage: portal ${command.name}${positionals}${options.length > 0 ? ' [options]' : ''}`,
    '',
    command.summary,
  ];
  if (options.length > 0) {
    lines.push('', 'Options:');
    options.forEach(([, spec], i) => lines.push(`  ${(shown[i] ?? '').padEnd(width)}  ${spec.description}`));
  }
  if (command.notes) lines.push('', ...command.notes);
  return `${lines.join('\n')}\n`;
}

/**
 * Reads a command's arguments strictly: unknown options, missing values and extra arguments are
 * refused with one line. A password is never taken from the command line (it would end up in
 * the shell history and the process list).
 */
export function parseCommandArgs(command: Command, argv: string[]) {
  const password = argv.find((arg) => PASSWORD_OPTION.test(arg));
  if (password) {
    throw usageError(
      'passwords are never read from the command line: pipe it to standard input or type it at the prompt',
    );
  }
  const options = Object.fromEntries(
    Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type }]),
  );
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError(describeParseError(error, command));
  }
  if (parsed.values.help) return { help: true as const };
  const expected = command.positionals ?? [];
  if (parsed.positionals.length < expected.length) {
    throw usageError(`${expected[parsed.positionals.length]} is missing (portal ${command.name} --help)`);
  }
  if (parsed.positionals.length > expected.length) {
    throw usageError(
      `unexpected argument ${JSON.stringify(parsed.positionals[expected.length])} (portal ${command.name} --help)`,
    );
  }
  return {
    help: false as const,
    values: parsed.values as Record<string, string | boolean | undefined>,
    positionals: parsed.positionals,
  };
}

function describeParseError(error: unknown, command: Command): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^'\s]+)/.exec(message)?.[1] ?? '';
  const hint = `(portal ${command.name} --help)`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option} ${hint}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = /--([A-Za-z-]+)/.exec(message)?.[1] ?? option.replace(/^-+/, '');
    const spec = command.options[name];
    return spec?.type === 'boolean' ? `--${name} takes no value ${hint}` : `--${name} needs a value ${hint}`;
  }
  return `${message.split('\n')[0] ?? message} ${hint}`;
}
