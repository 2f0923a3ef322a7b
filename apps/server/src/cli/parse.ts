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
    throw usageError(describeParseError(error, argv, command));
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

/**
 * The option parseArgs refused, read from its tokens (parsed again without strictness), not from
 * the wording of its message: the first one this command does not know, or a known one whose
 * value is wrong (a flag given a value, a string option none or another option).
 */
function offendingOption(argv: string[], command: Command): { rawName: string; name: string } | undefined {
  const options = Object.fromEntries(Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type }]));
  const { tokens } = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'help' || token.name === 'h') continue;
    const spec = command.options[token.name];
    const wrongValue =
      (spec?.type === 'boolean') !== (token.value === undefined) ||
      (token.inlineValue === false && token.value?.startsWith('-') === true);
    if (!spec || wrongValue) return { rawName: token.rawName, name: token.name };
  }
  return undefined;
}

function describeParseError(error: unknown, argv: string[], command: Command): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const hint = `(portal ${command.name} --help)`;
  const option = code?.startsWith('ERR_PARSE_ARGS_') ? offendingOption(argv, command) : undefined;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option.rawName} ${hint}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    const spec = command.options[option.name];
    return spec?.type === 'boolean' ? `--${option.name} takes no value ${hint}` : `--${option.name} needs a value ${hint}`;
  }
  return `${message.split('\n')[0] ?? message} ${hint}`;
}
