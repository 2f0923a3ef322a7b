import { z } from 'zod';
import { createMailSender } from '../../modules/mail/mail-sender.js';
import { testMail } from '../../modules/mail/mail.templates.js';
import { choiceOption, CliError, requiredOption, usageError, type Command } from '../command.js';

/** The SMTP server's address without user and password, for the operator's line. */
const shownServer = (smtpUrl: string): string => {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
};

export const mailTest: Command = {
  name: 'mail:test',
  summary:
    'Sends a test mail through the SMTP server of SMTP_URL, from MAIL_FROM, at once (not through the outbox).',
  options: {
    to: { type: 'string', value: 'E', description: 'recipient' },
    language: { type: 'string', value: 'de|en', description: 'language of the mail (default de)' },
  },
  async run(invocation) {
    const to = requiredOption(invocation, 'to');
    if (!z.email().safeParse(to).success)
      throw usageError(`--to must be an e-mail address (got ${JSON.stringify(to)})`);
    const language = choiceOption(invocation, 'language', ['de', 'en'] as const) ?? 'de';
    const { smtpUrl, mailFrom } = invocation.config();
    if (!smtpUrl || !mailFrom) throw new CliError('SMTP_URL and MAIL_FROM must be set to send mail');
    const sender = createMailSender(smtpUrl, mailFrom);
    try {
      await sender.send({ to, ...testMail(language) });
    } catch (error) {
      throw new CliError(
        `the mail server refused the test mail: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      sender.close();
    }
    invocation.print(`Test mail sent to ${to} through ${shownServer(smtpUrl)}`);
  },
};
