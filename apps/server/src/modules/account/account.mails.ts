import type { Language } from '../../lib/language.js';
import { compose, type MailContent, type Paragraph } from '../mail/mail.templates.js';

// The mails of self-service accounts, in the recipient's language. Each carries one link with
// a one-time token and says how long it works; each tells a recipient who asked for nothing
// that ignoring the mail is safe.

/** Whom the mail greets: first and last name, empty when neither is known. */
export interface Recipient {
  firstname: string;
  lastname: string;
}

const nameOf = (recipient: Recipient): string => `${recipient.firstname} ${recipient.lastname}`.trim();

const greeting: Record<Language, (name: string) => string> = {
  de: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  en: (name) => (name ? `Hello ${name},` : 'Hello,'),
};

const texts = {
  de: {
    verify: {
      subject: 'Bitte bestätige deine E-Mail-Adresse',
      intro:
        'danke für deine Registrierung im Serviceportal. Bitte bestätige deine E-Mail-Adresse über diesen Link (24 Stunden gültig). Dort fragen wir dich nach dem Passwort, das du bei der Registrierung gewählt hast; danach bist du angemeldet:',
      ignore:
        'Wenn du dich nicht selbst registriert hast, ignoriere diese Mail einfach: Der Link aktiviert das Konto nur mit dem Passwort, das bei dieser Registrierung gewählt wurde. Ohne Bestätigung wird kein Konto aktiv.',
    },
    exists: {
      subject: 'Du hast bereits ein Konto',
      intro:
        'jemand, vermutlich du, wollte sich mit dieser E-Mail-Adresse im Serviceportal registrieren. Zu dieser Adresse gibt es aber schon ein Konto.',
      action:
        'Falls du dein Passwort nicht mehr weißt, kannst du über diesen Link ein neues festlegen (1 Stunde gültig):',
      ignore: 'Wenn du nichts angefordert hast, ignoriere diese Mail einfach. Dein Konto bleibt unverändert.',
    },
    reset: {
      subject: 'Neues Passwort für das Serviceportal',
      intro:
        'über diesen Link legst du ein neues Passwort für dein Konto fest (1 Stunde gültig). Danach bist du auf allen anderen Geräten abgemeldet:',
      ignore:
        'Wenn du kein neues Passwort angefordert hast, ignoriere diese Mail einfach. Dein Passwort bleibt unverändert.',
    },
    invite: {
      subject: 'Einladung zum Serviceportal',
      intro:
        'du wurdest zum Serviceportal eingeladen. Über diesen Link legst du dein Passwort fest, danach ist dein Konto bereit (7 Tage gültig):',
      ignore: 'Wenn du mit dieser Einladung nichts anfangen kannst, ignoriere diese Mail einfach.',
    },
    newSignIn: {
      subject: 'Neue Anmeldung',
      intro: 'dein Konto im Serviceportal wurde gerade in einem Browser angemeldet, mit dem du dich bisher nicht angemeldet hattest:',
      browser: 'Browser',
      system: 'System',
      address: 'Adresse',
      time: 'Zeit',
      unknown: 'unbekannt',
      action:
        'Warst du das, ist nichts zu tun. Sonst beende diese Sitzung in deinem Profil und lege ein neues Passwort fest:',
    },
  },
  en: {
    verify: {
      subject: 'Please confirm your email address',
      intro:
        'thank you for signing up to Serviceportal. Please confirm your email address with this link (valid for 24 hours). There we ask for the password you chose when signing up; then you are signed in:',
      ignore:
        'If you did not sign up yourself, simply ignore this mail: the link activates the account only with the password chosen at this sign-up. No account becomes active without confirmation.',
    },
    exists: {
      subject: 'You already have an account',
      intro:
        'someone, probably you, tried to sign up to Serviceportal with this email address. There already is an account for it.',
      action: 'If you no longer know your password, you can set a new one with this link (valid for 1 hour):',
      ignore: 'If you did not ask for anything, simply ignore this mail. Your account stays as it is.',
    },
    reset: {
      subject: 'New password for Serviceportal',
      intro:
        'use this link to set a new password for your account (valid for 1 hour). Afterwards you are signed out on every other device:',
      ignore: 'If you did not ask for a new password, simply ignore this mail. Your password stays as it is.',
    },
    invite: {
      subject: 'Invitation to Serviceportal',
      intro:
        'you have been invited to Serviceportal. Use this link to set your password, and your account is ready (valid for 7 days):',
      ignore: 'If this invitation means nothing to you, simply ignore this mail.',
    },
    newSignIn: {
      subject: 'New sign-in',
      intro: 'your Serviceportal account has just been signed in from a browser you had not signed in from before:',
      browser: 'Browser',
      system: 'System',
      address: 'Address',
      time: 'Time',
      unknown: 'unknown',
      action:
        'If this was you, there is nothing to do. Otherwise end this session in your profile and set a new password:',
    },
  },
} satisfies Record<Language, unknown>;

function mail(subject: string, recipient: Recipient, language: Language, body: Paragraph[]): MailContent {
  return compose(subject, [greeting[language](nameOf(recipient)), ...body], language);
}

/** After sign-up: the link to /verify-email. */
export function verifyEmailMail(recipient: Recipient, link: string, language: Language): MailContent {
  const t = texts[language].verify;
  return mail(t.subject, recipient, language, [t.intro, { link }, t.ignore]);
}

/** A sign-up with an address that has an account: no new account, a reset link instead. */
export function accountExistsMail(recipient: Recipient, link: string, language: Language): MailContent {
  const t = texts[language].exists;
  return mail(t.subject, recipient, language, [t.intro, t.action, { link }, t.ignore]);
}

/** Forgotten password: the link to /reset-password. */
export function passwordResetMail(recipient: Recipient, link: string, language: Language): MailContent {
  const t = texts[language].reset;
  return mail(t.subject, recipient, language, [t.intro, { link }, t.ignore]);
}

/** An invited person sets their password on the reset screen. */
export function invitationMail(recipient: Recipient, link: string, language: Language): MailContent {
  const t = texts[language].invite;
  return mail(t.subject, recipient, language, [t.intro, { link }, t.ignore]);
}

/** What the "new sign-in" mail says about the browser (the address already masked). */
export interface SignInDetails {
  browser: string | null;
  system: string | null;
  address: string | null;
  at: Date;
}

/**
 * A sign-in from a browser the person has not signed in from before (docs/security.md#own-sessions):
 * what signed in and when, and the link to the list of sessions in the profile.
 */
export function newSignInMail(
  recipient: Recipient,
  details: SignInDetails,
  sessionsLink: string,
  language: Language,
): MailContent {
  const t = texts[language].newSignIn;
  const time = `${details.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const facts = [
    `${t.browser}: ${details.browser ?? t.unknown}`,
    `${t.system}: ${details.system ?? t.unknown}`,
    `${t.address}: ${details.address ?? t.unknown}`,
    `${t.time}: ${time}`,
  ].join('\n');
  return mail(t.subject, recipient, language, [t.intro, facts, t.action, { link: sessionsLink }]);
}
