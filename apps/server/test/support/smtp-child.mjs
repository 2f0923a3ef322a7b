// An SMTP server (smtp-server package) as a process of its own, so a test can pause (SIGSTOP)
// and stop it; started by private-smtp.ts. Prints one JSON line per received mail.
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      process.stdout.write(`${JSON.stringify({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) })}\n`);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
