import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Kysely } from 'kysely';
import { EXPORT_LIMITS } from '@portal/contract/privacy';
import type { Database, PersonRow } from '../../db/database.js';
import type { Language } from '../../lib/language.js';
import { nowIso } from '../../lib/time.js';
import { listAccessTokensOf } from '../access-token/access-token.repository.js';
import { ownSessions } from '../auth/session.service.js';
import { findBillingProfile } from '../billing-profile/billing-profile.repository.js';
import { mfaStatus } from '../mfa/mfa.service.js';
import { listInvitations, listMembers } from '../project/member.service.js';
import { listLiveProjectsOfPerson } from '../project/project.repository.js';
import type { ProjectWithRole } from '../project/project.service.js';
import { toPerson } from '../person-record/person.mapper.js';
import { listEndpoints } from '../webhook-record/webhook.repository.js';
import {
  auditEntriesAbout,
  contactRequestsOf,
  licencesOfProjects,
  usagePerDayOfProject,
} from './privacy.repository.js';

// A person's data export (docs/privacy.md#export): everything is read first (bounded by
// EXPORT_LIMITS), then the ZIP is compressed while it streams to the client.

const DAY_MS = 24 * 60 * 60 * 1000;

const readme: Record<Language, (at: string, fromDay: string) => string> = {
  de: (at, fromDay) =>
    [
      'Deine Daten aus dem Kundenportal',
      '',
      `Erstellt am ${at} (UTC).`,
      '',
      'person.json            dein Konto (Profil, Sprache, Zwei-Faktor-Anmeldung an/aus, letzte Anmeldung)',
      'avatar.webp            dein Profilbild, falls du eines hochgeladen hast',
      'sessions.json          deine angemeldeten Sitzungen (Browser, System, Adresse gekürzt)',
      'projects.json          Projekte, die dir gehören oder zu denen du gehörst: Mitglieder (so, wie das',
      `                       Projekt sie seinen Mitgliedern zeigt), Domains, Lizenzen, Einstellungen und`,
      `                       Aufrufe pro Tag seit ${fromDay}; als Inhaber/in oder Bearbeiter/in auch`,
      '                       die Webhook-Empfänger (ohne Geheimnisse)',
      'billing-profile.json   deine Rechnungsdaten (null, wenn du keine angegeben hast)',
      'access-tokens.json     deine API-Tokens: Name, Berechtigung, Ablauf, letzte Nutzung (nie das Token selbst)',
      'invitations.json       offene Einladungen zu Projekten an dich',
      'contact-requests.json  Kontaktanfragen, die mit deiner E-Mail-Adresse gesendet wurden',
      'consents.json          welchen Datenschutztext du wann akzeptiert hast',
      'audit-log.json         Einträge im Protokoll der Administration über dein Konto',
      'invoices.json          Rechnungen: das Portal stellt noch keine Rechnungen aus, die Liste ist leer',
      '',
      `Jede Liste enthält höchstens ${EXPORT_LIMITS.maxRows} Einträge.`,
      '',
    ].join('\n'),
  en: (at, fromDay) =>
    [
      'Your data from the customer portal',
      '',
      `Made on ${at} (UTC).`,
      '',
      'person.json            your account (profile, language, two-factor sign-in on/off, last sign-in)',
      'avatar.webp            your profile picture, if you uploaded one',
      'sessions.json          your signed-in sessions (browser, system, address shortened)',
      'projects.json          projects you own or belong to: members (as the project shows them to its',
      '                       members), domains, licences, settings and calls per day since ' + fromDay + ';',
      '                       as owner or editor also the webhook endpoints (without secrets)',
      'billing-profile.json   your billing details (null when you gave none)',
      'access-tokens.json     your API tokens: name, scope, expiry, last use (never the token itself)',
      'invitations.json       pending invitations to projects for you',
      'contact-requests.json  contact requests sent with your email address',
      'consents.json          which privacy text you accepted and when',
      'audit-log.json         entries of the administration log about your account',
      'invoices.json          invoices: the portal does not issue invoices yet, the list is empty',
      '',
      `Every list holds at most ${EXPORT_LIMITS.maxRows} entries.`,
      '',
    ].join('\n'),
};

const parseJson = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

interface PersonExport {
  /** File name → content, in order. */
  files: Array<[string, Uint8Array]>;
}

/** Reads everything the export holds about the person (bounded, see EXPORT_LIMITS). */
export async function collectExport(
  db: Kysely<Database>,
  person: PersonRow,
  currentSessionId: string | null,
  now: Date,
): Promise<PersonExport> {
  const max = EXPORT_LIMITS.maxRows;
  const fromDay = new Date(now.getTime() - EXPORT_LIMITS.usageDays * DAY_MS).toISOString().slice(0, 10);
  const { passwordHash: _hash, avatarWebp, ...sessionPerson } = person;
  const mfa = await mfaStatus(db, person.id);
  const sessions = (await ownSessions(db, person.id, currentSessionId, now)).slice(0, max);

  const projectRows = (await listLiveProjectsOfPerson(db, person.id)).slice(0, max);
  const withRole: ProjectWithRole[] = projectRows.map((p) => ({
    ...p,
    role: p.ownerId === person.id ? 'owner' : (p.memberRole ?? 'viewer'),
  }));
  const licences = await licencesOfProjects(
    db,
    withRole.map((p) => p.id),
    max,
  );
  const projects = [];
  for (const project of withRole) {
    const usage = await usagePerDayOfProject(db, project.id, fromDay, max);
    projects.push({
      id: project.id,
      name: project.name,
      description: project.description,
      yourRole: project.role,
      createdAt: project.createdAt,
      updatedAt: project.updatedAt,
      domains: {
        production: JSON.parse(project.domainsProduction) as unknown,
        sandbox: JSON.parse(project.domainsSandbox) as unknown,
      },
      members: (await listMembers(db, project)).slice(0, max),
      licences: licences
        .filter((l) => l.projectId === project.id)
        .map((l) => ({
          id: l.id,
          serviceId: l.serviceId,
          licenceKey: l.licenceKey,
          online: l.online === 1,
          settings: parseJson(l.formdata),
          alertMonthlyCalls: l.alertMonthlyCalls,
          createdAt: l.createdAt,
          updatedAt: l.updatedAt,
        })),
      usagePerDay: { from: fromDay, days: usage },
      // Owners and editors see the endpoints in the portal; the secrets stay out of the file.
      ...(project.role === 'viewer'
        ? {}
        : {
            webhooks: (await listEndpoints(db, project.id)).slice(0, max).map((endpoint) => ({
              id: endpoint.id,
              url: endpoint.url,
              events: JSON.parse(endpoint.eventsJson) as unknown,
              description: endpoint.description,
              enabled: endpoint.enabled === 1,
              createdAt: endpoint.createdAt,
              updatedAt: endpoint.updatedAt,
            })),
          }),
    });
  }

  const invitations = (await listInvitations(db, person)).slice(0, max);
  const billingProfileRow = await findBillingProfile(db, person.id);
  const billingProfile = billingProfileRow
    ? (({ personId: _personId, wantsXml, ...fields }) => ({ ...fields, wantsXml: wantsXml === 1 }))(billingProfileRow)
    : null;
  const accessTokens = (await listAccessTokensOf(db, person.id)).slice(0, max);
  const contactRequests = await contactRequestsOf(db, person.email, max);
  const consents = contactRequests
    .filter((c) => c.termsAccepted === 1)
    .map((c) => ({
      what: 'privacy text (contact form)',
      contactRequestId: c.id,
      privacyVersion: c.privacyVersion,
      acceptedAt: c.privacyAcceptedAt ?? c.createdAt,
    }));
  // Entries about the person carry the before and after; an admin's own entries about other
  // people say only what was done to which object (their contents are those people's data).
  const audit = (await auditEntriesAbout(db, person.id, max)).map(({ beforeJson, afterJson, ...entry }) =>
    entry.objectId === person.id
      ? { ...entry, before: parseJson(beforeJson), after: parseJson(afterJson) }
      : entry,
  );

  const json = (value: unknown): Uint8Array => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const at = nowIso(now);
  const files: Array<[string, Uint8Array]> = [
    ['README.txt', strToU8(readme[person.language](at, fromDay))],
    [
      'person.json',
      json({
        ...toPerson(sessionPerson),
        verified: person.verified === 1,
        disabled: person.disabled === 1,
        createdAt: person.createdAt,
        lastSignInAt: person.lastSignInAt,
        secondFactor: { on: mfa.totp, methods: mfa.methods, recoveryCodesLeft: mfa.recoveryCodesLeft },
      }),
    ],
    ['sessions.json', json(sessions)],
    ['projects.json', json(projects)],
    ['invitations.json', json(invitations)],
    ['billing-profile.json', json(billingProfile)],
    ['access-tokens.json', json(accessTokens)],
    [
      'contact-requests.json',
      json(contactRequests.map(({ termsAccepted, ...c }) => ({ ...c, termsAccepted: termsAccepted === 1 }))),
    ],
    ['consents.json', json(consents)],
    ['audit-log.json', json(audit)],
    // Invoices do not exist yet; billing adds them here (docs/privacy.md#export).
    ['invoices.json', json([])],
  ];
  if (avatarWebp) files.splice(2, 0, ['avatar.webp', new Uint8Array(avatarWebp)]);
  return { files };
}

/** The export as a ZIP stream: JSON files compressed, the picture stored as it is. */
export function zipStream(content: PersonExport): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  for (const [name, bytes] of content.files) {
    const entry = name.endsWith('.webp') ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(bytes, true);
  }
  zip.end();
  return out;
}

/** A file name with the date only: ASCII, no quotes or path characters. */
export const exportFileName = (now: Date): string => `portal-data-${nowIso(now).slice(0, 10)}.zip`;
