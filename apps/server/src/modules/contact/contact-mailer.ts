import nodemailer from 'nodemailer';
import type { ContactForm } from '@portal/contract/contact';

export interface ContactMailer {
  send(request: ContactForm & { language: string }): Promise<void>;
}

/** Mails contact requests when SMTP_URL and CONTACT_TO are set; otherwise they are only stored. */
export function createContactMailer(smtpUrl: string | undefined, to: string | undefined): ContactMailer | undefined {
  if (!smtpUrl || !to) return undefined;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(request) {
      await transport.sendMail({
        from: to,
        to,
        replyTo: request.email,
        subject: `Kontaktanfrage von ${request.firstname} ${request.subname}`,
        text: [
          `Name: ${request.firstname} ${request.subname}`,
          `E-Mail: ${request.email}`,
          `Sprache: ${request.language}`,
          '',
          request.message ?? '',
        ].join('\n'),
      });
    },
  };
}
