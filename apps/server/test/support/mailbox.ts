import { SMTPServer } from 'smtp-server';

// A real SMTP server on 127.0.0.1 that keeps every mail the portal sends, for journeys that
// follow a link from a mail (the end-to-end tests: apps/web/playwright.config.ts points the
// server's SMTP_URL at E2E_SMTP_PORT); the portal's outbox worker delivers within about a second.

export interface ReceivedMail {
  to: string[];
  /** The text part, transfer encoding undone. */
  text: string;
}

export interface Mailbox {
  /** The port it listens on. */
  port: number;
  /** The next mail to `address` after the `seen` first ones (waits up to `timeoutMs`). */
  mailTo(address: string, seen?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Undoes quoted-printable (soft line breaks, =XX bytes as UTF-8) or base64. */
function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`)
    // Keep everything else as it is while percent-decoding the escaped bytes.
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  return decodeURIComponent(bytes);
}

/** The text/plain part of a raw MIME mail. */
function textPart(raw: string): string {
  const match =
    /Content-Type: text\/plain[^\r\n]*\r?\n(?:Content-Transfer-Encoding: ([\w-]+)\r?\n)?\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(
      raw,
    );
  if (!match) return raw;
  return decodeBody(match[2] ?? '', match[1]?.toLowerCase());
}

/** A test SMTP server on `port`, or on a free one when none is given. */
export async function startMailbox(port = 0): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), text: textPart(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the test mailbox has no port');
  return {
    port: address.port,
    async mailTo(address, seen = 0, timeoutMs = 20_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(address.toLowerCase()));
        if (found.length > seen) return found[seen]!;
        if (Date.now() > end) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to the portal in a mail. */
export function linkIn(mail: ReceivedMail, baseURL: string): string {
  const escaped = baseURL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/[^\\s<>"]+`).exec(mail.text);
  if (!match) throw new Error(`no link to ${baseURL} in the mail:\n${mail.text}`);
  return match[0];
}
