#!/usr/bin/env node
import { runCli } from './cli/run.js';

// `portal <command>`: what an operator does to a portal installation (accounts, catalogue,
// texts, usage, backups, mail). `portal --help` lists the commands; docs/operations.md shows
// them in use.
process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
