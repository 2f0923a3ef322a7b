import type { Language } from '../../lib/language.js';
import { compose, type MailContent } from '../mail/mail.templates.js';

// The mail to a project's owner when an endpoint was switched off after a day of failed
// deliveries (docs/webhooks.md#retries), in the owner's language.

export interface EndpointDisabledDetails {
  recipient: { firstname: string; lastname: string };
  projectName: string;
  url: string;
  link: string;
}

const texts = {
  de: {
    greeting: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    subject: (project: string) => `Webhook abgeschaltet: ${project}`,
    body: (d: EndpointDisabledDetails) =>
      `der Webhook-Empfänger ${d.url} im Projekt „${d.projectName}“ hat 24 Stunden lang keine Zustellung angenommen. Wir haben ihn deshalb abgeschaltet; es werden keine Ereignisse mehr an ihn gesendet.`,
    note: 'Im Zustellprotokoll des Projekts siehst du die Antworten. Sobald der Empfänger wieder erreichbar ist, schalte ihn dort wieder ein:',
  },
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    subject: (project: string) => `Webhook disabled: ${project}`,
    body: (d: EndpointDisabledDetails) =>
      `the webhook endpoint ${d.url} in the project "${d.projectName}" has not accepted a delivery for 24 hours. We have therefore disabled it; no more events are sent to it.`,
    note: "The project's delivery log shows the answers. Once the endpoint is reachable again, enable it there:",
  },
} satisfies Record<Language, unknown>;

export function endpointDisabledMail(details: EndpointDisabledDetails, language: Language): MailContent {
  const t = texts[language];
  const name = `${details.recipient.firstname} ${details.recipient.lastname}`.trim();
  return compose(t.subject(details.projectName), [t.greeting(name), t.body(details), t.note, { link: details.link }], language);
}
