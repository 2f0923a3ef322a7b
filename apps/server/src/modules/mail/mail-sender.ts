import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  replyTo?: string | null | undefined;
  subject: string;
  text: string;
  html: string;
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

// Bounded waits, so a mail server that stops answering cannot hold a worker (and a lease)
// for ever; see LEASE_MS in the worker, which must stay longer than a whole attempt.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** Sends through the SMTP server of SMTP_URL, from MAIL_FROM. */
export function createMailSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transport.close(),
  };
}
