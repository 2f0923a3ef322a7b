import { ConfigError, loadConfig, type Config } from '../config.js';
import { systemClock } from '../lib/time.js';
import { describeStartError } from '../lib/start-errors.js';
import { CliError, usageError, type CliIo, type Command } from './command.js';
import { catalogueCommands } from './commands/catalogue.js';
import { backup, migrate, seed } from './commands/database-commands.js';
import { mailTest } from './commands/mail-test.js';
import { retentionRun } from './commands/retention.js';
import { translationCommands } from './commands/translations.js';
import { usageImport } from './commands/usage-import.js';
import { userCommands } from './commands/user.js';
import { commandHelp, parseCommandArgs } from './parse.js';

const COMMANDS: Command[] = [
  migrate,
  seed,
  ...userCommands,
  ...catalogueCommands,
  ...translationCommands,
  usageImport,
  backup,
  mailTest,
  retentionRun,
];

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: portal <command> [options]      portal <command> --help for its options',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'The command line reads the same environment as the server (DATABASE_URL, SMTP_URL, MAIL_FROM, NODE_ENV, …).',
    '',
  ].join('\n');
}

/** Runs one `portal` command line; answers the exit code (0 done, 1 failed, 2 bad usage or input). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(overview());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  try {
    if (!command) throw usageError(`unknown command ${JSON.stringify(name)} (portal --help lists them)`);
    const parsed = parseCommandArgs(command, rest);
    if (parsed.help) {
      io.stdout.write(commandHelp(command));
      return 0;
    }
    let config: Config | undefined;
    await command.run({
      values: parsed.values,
      positionals: parsed.positionals,
      io,
      config: () => (config ??= loadConfig(io.env)),
      clock: systemClock,
      print: (line) => void io.stdout.write(`${line}\n`),
    });
    return 0;
  } catch (error) {
    const exitCode = error instanceof CliError ? error.exitCode : error instanceof ConfigError ? 2 : 1;
    const message = error instanceof CliError ? error.message : describeStartError(error);
    io.stderr.write(`portal ${command?.name ?? ''}: ${message}\n`.replace('portal : ', 'portal: '));
    return exitCode;
  }
}
