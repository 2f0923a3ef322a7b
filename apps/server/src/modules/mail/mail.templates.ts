import { escapeHtml } from '@portal/contract/text';
import type { Language } from '../../lib/language.js';

// Every mail the portal sends, in both languages: plain text for every client, and the same
// words as simple HTML (no images, no external styles) for clients that prefer it.

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}


/** A paragraph of text, or a link on a line of its own (clickable in the HTML part). */
export type Paragraph = string | { link: string };

const htmlParagraph = (p: Paragraph): string =>
  typeof p === 'string'
    ? `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`
    : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>`;

/** Paragraphs of plain text, blank-line separated, as the text and the HTML part. */
export function compose(subject: string, paragraphs: Paragraph[], language: Language): MailContent {
  const html = paragraphs.map(htmlParagraph).join('\n');
  return {
    subject,
    text: `${paragraphs.map((p) => (typeof p === 'string' ? p : p.link)).join('\n\n')}\n`,
    html: `<!doctype html>\n<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body style="font-family: sans-serif; line-height: 1.5">\n${html}\n</body></html>\n`,
  };
}

export interface ContactRequestDetails {
  firstname: string;
  subname: string;
  email: string;
  message: string;
  topic: 'question' | 'offer';
  /** The price package an offer is asked for, in the mail's language; null: none chosen. */
  packageName: string | null;
  /** The language the requester used the portal in. */
  language: Language;
}

const contactTexts = {
  de: {
    subject: (name: string) => `Kontaktanfrage von ${name}`,
    offerSubject: (name: string) => `Angebotsanfrage von ${name}`,
    intro: 'Über das Kontaktformular des Portals kam eine neue Anfrage:',
    offerIntro: 'Über die Preisseite des Portals bittet jemand um ein Angebot:',
    package: 'Paket',
    noPackage: 'noch offen',
    name: 'Name',
    email: 'E-Mail',
    language: 'Sprache',
    noMessage: '(ohne Nachricht)',
    reply: 'Eine Antwort auf diese Mail geht direkt an die anfragende Person.',
  },
  en: {
    subject: (name: string) => `Contact request from ${name}`,
    offerSubject: (name: string) => `Offer request from ${name}`,
    intro: "A new request came in through the portal's contact form:",
    offerIntro: "Someone asks for an offer on the portal's price page:",
    package: 'Package',
    noPackage: 'not decided yet',
    name: 'Name',
    email: 'Email',
    language: 'Language',
    noMessage: '(no message)',
    reply: 'A reply to this mail goes straight to the person who asked.',
  },
} satisfies Record<Language, unknown>;

/** The notice to the provider's team (CONTACT_TO) about a contact request. */
export function contactRequestMail(request: ContactRequestDetails, language: Language): MailContent {
  const t = contactTexts[language];
  const name = `${request.firstname} ${request.subname}`;
  const offer = request.topic === 'offer';
  const facts = [`${t.name}: ${name}`, `${t.email}: ${request.email}`, `${t.language}: ${request.language}`];
  if (offer) facts.push(`${t.package}: ${request.packageName ?? t.noPackage}`);
  return compose(
    offer ? t.offerSubject(name) : t.subject(name),
    [
      offer ? t.offerIntro : t.intro,
      facts.join('\n'),
      request.message === '' ? t.noMessage : request.message,
      t.reply,
    ],
    language,
  );
}

const testTexts = {
  de: {
    subject: 'Testmail des Portals',
    body: 'Diese Mail kommt vom Portal: Der Mailversand ist richtig eingerichtet.',
  },
  en: {
    subject: 'Test mail from the portal',
    body: 'This mail comes from the portal: mail delivery is set up correctly.',
  },
} satisfies Record<Language, unknown>;

/** `portal mail:test`: proves the SMTP settings work. */
export function testMail(language: Language): MailContent {
  const t = testTexts[language];
  return compose(t.subject, [t.body], language);
}
