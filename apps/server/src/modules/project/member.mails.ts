import type { MemberRole } from '@portal/contract/project-member';
import type { Language } from '../../lib/language.js';
import { compose, type MailContent } from '../mail/mail.templates.js';

// Mails of shared projects, in the recipient's language: an invitation to a project for an
// existing account (the link opens the project list, where it is accepted or declined), and
// for an unknown address (the link sets the password of the account made for the invitation).

export interface ProjectInvitationDetails {
  /** Name of the recipient, empty when not known. */
  name: string;
  projectName: string;
  /** Display name of whoever invited. */
  invitedBy: string;
  role: MemberRole;
  link: string;
}

const texts = {
  de: {
    hello: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    role: { editor: 'Bearbeiter:in', viewer: 'Betrachter:in' },
    subject: (project: string) => `Einladung zum Projekt „${project}“`,
    intro: (d: ProjectInvitationDetails, role: string) =>
      `${d.invitedBy} hat dich zum Projekt „${d.projectName}“ im Serviceportal eingeladen, mit der Rolle ${role}.`,
    existing: 'Unter „Projekte“ kannst du die Einladung annehmen oder ablehnen:',
    fresh:
      'Über diesen Link legst du dein Passwort fest (7 Tage gültig); danach findest du die Einladung unter „Projekte“:',
    ignore: 'Wenn du mit dieser Einladung nichts anfangen kannst, ignoriere diese Mail einfach.',
  },
  en: {
    hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    role: { editor: 'editor', viewer: 'viewer' },
    subject: (project: string) => `Invitation to the project "${project}"`,
    intro: (d: ProjectInvitationDetails, role: string) =>
      `${d.invitedBy} has invited you to the project "${d.projectName}" in Serviceportal, as ${role}.`,
    existing: 'You can accept or decline the invitation under "Projects":',
    fresh:
      'Use this link to set your password (valid for 7 days); then you find the invitation under "Projects":',
    ignore: 'If this invitation means nothing to you, simply ignore this mail.',
  },
} satisfies Record<Language, unknown>;

/** An invitation to a project for someone who has an account. */
export function projectInvitationMail(details: ProjectInvitationDetails, language: Language): MailContent {
  const t = texts[language];
  return compose(
    t.subject(details.projectName),
    [
      t.hello(details.name),
      t.intro(details, t.role[details.role]),
      t.existing,
      { link: details.link },
      t.ignore,
    ],
    language,
  );
}

/** An invitation to a project that also creates the account: the link sets its password. */
export function projectInvitationNewAccountMail(
  details: ProjectInvitationDetails,
  language: Language,
): MailContent {
  const t = texts[language];
  return compose(
    t.subject(details.projectName),
    [
      t.hello(details.name),
      t.intro(details, t.role[details.role]),
      t.fresh,
      { link: details.link },
      t.ignore,
    ],
    language,
  );
}
