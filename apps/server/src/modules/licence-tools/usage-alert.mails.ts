import type { Language } from '../../lib/language.js';
import { compose, type MailContent } from '../mail/mail.templates.js';

// The usage alert (docs/domain.md#usage-alerts), in the recipient's language.

export interface UsageAlertDetails {
  recipient: { firstname: string; lastname: string };
  serviceName: string;
  projectName: string;
  /** 'YYYY-MM' */
  month: string;
  threshold: number;
  calls: number;
  link: string;
}

// Calls as the web app shows them: whole numbers with a point between thousands in both languages.
const formatCalls = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const formatMonth = (month: string): string => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

const texts = {
  de: {
    greeting: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    subject: (service: string, project: string) => `Nutzungsgrenze erreicht: ${service} in ${project}`,
    body: (d: UsageAlertDetails) =>
      `die Lizenz „${d.serviceName}“ im Projekt „${d.projectName}“ hat im Monat ${formatMonth(d.month)} ${formatCalls(d.calls)} Aufrufe gezählt und damit die eingestellte Grenze von ${formatCalls(d.threshold)} Aufrufen erreicht.`,
    note: 'Diese Nachricht kommt einmal pro Monat. Die Grenze änderst du auf der Seite der Lizenz:',
  },
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    subject: (service: string, project: string) => `Usage threshold reached: ${service} in ${project}`,
    body: (d: UsageAlertDetails) =>
      `the licence "${d.serviceName}" in the project "${d.projectName}" has counted ${formatCalls(d.calls)} calls in ${formatMonth(d.month)} and so reached its threshold of ${formatCalls(d.threshold)} calls.`,
    note: 'This message comes once a month. You can change the threshold on the licence page:',
  },
} satisfies Record<Language, unknown>;

export function usageAlertMail(details: UsageAlertDetails, language: Language): MailContent {
  const t = texts[language];
  const name = `${details.recipient.firstname} ${details.recipient.lastname}`.trim();
  return compose(
    t.subject(details.serviceName, details.projectName),
    [t.greeting(name), t.body(details), t.note, { link: details.link }],
    language,
  );
}
