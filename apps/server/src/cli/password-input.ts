import { CliError, usageError, type CliIo } from './command.js';

/** More than any password we accept; standard input is not read beyond this. */
const MAX_INPUT_BYTES = 4096;

/** The first line of standard input (a pipe or a file), without its line break. */
async function readPipedLine(stdin: CliIo['stdin']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    chunks.push(buffer);
    size += buffer.length;
    if (size > MAX_INPUT_BYTES || buffer.includes(0x0a)) break;
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return (text.split('\n', 1)[0] ?? '').replace(/\r$/, '');
}

/**
 * Asks each question on the terminal in turn and reads one answer per question without echoing
 * it. Raw mode turns the terminal's echo and line editing off, so backspace is handled here;
 * Ctrl-C cancels. Text typed (or pasted) ahead is kept for the next question.
 */
function promptHidden(io: CliIo, questions: string[]): Promise<string[]> {
  const { stdin, stderr } = io;
  return new Promise((resolve, reject) => {
    const answers: string[] = [];
    let typed = '';
    const finish = (error?: Error): void => {
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      if (error) reject(error);
      else resolve(answers);
    };
    const onData = (data: Buffer | string): void => {
      for (const char of String(data)) {
        if (char === '\u0003') {
          stderr.write('\n');
          return finish(new CliError('cancelled'));
        }
        if (char === '\r' || char === '\n' || char === '\u0004') {
          stderr.write('\n');
          answers.push(typed);
          typed = '';
          if (answers.length === questions.length) return finish();
          stderr.write(questions[answers.length] ?? '');
        } else if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ' && typed.length < MAX_INPUT_BYTES) typed += char;
      }
    };
    // Echo off before the question shows, so nothing typed after it can appear on screen.
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
    stderr.write(questions[0] ?? '');
  });
}

/**
 * A password from standard input when it is not a terminal (first line), or typed twice at a
 * hidden prompt when it is. Never from the command line.
 */
export async function readPassword(io: CliIo): Promise<string> {
  if (!io.stdin.isTTY) {
    const password = await readPipedLine(io.stdin);
    if (password === '')
      throw usageError('no password on standard input (pipe it in, or run in a terminal to be asked)');
    return password;
  }
  const [first = '', second] = await promptHidden(io, ['Password: ', 'Repeat password: ']);
  if (first !== second) throw usageError('the two passwords differ');
  if (first === '') throw usageError('no password typed');
  return first;
}
