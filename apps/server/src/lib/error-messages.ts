import { ACCESS_TOKEN_LIMITS } from '@portal/contract/access-token';
import { VERIFY_LIMITS } from '@portal/contract/account';
import type { ErrorCode } from '@portal/contract/error';
import { IMAGE_LIMITS } from '@portal/contract/image';
import type { Language } from './language.js';

// What a person reads when a call fails, per code and language. Kept on the server so API
// clients other than our web app get readable errors too.
const megapixels = IMAGE_LIMITS.maxPixels / 1_000_000;
const ratio = IMAGE_LIMITS.maxAspectRatio;
const messages: Record<ErrorCode, Record<Language, string>> = {
  unauthorized: { de: 'Bitte melde dich an.', en: 'Please sign in.' },
  forbidden: { de: 'Dafür fehlt dir die Berechtigung.', en: 'You are not allowed to do this.' },
  notFound: { de: 'Nicht gefunden.', en: 'Not found.' },
  validation: { de: 'Die Eingaben sind nicht gültig.', en: 'The input is not valid.' },
  pwWrong: { de: 'Das aktuelle Passwort ist falsch.', en: 'The current password is wrong.' },
  rateLimited: {
    de: 'Zu viele Versuche. Bitte warte kurz und versuche es erneut.',
    en: 'Too many attempts. Please wait a moment and try again.',
  },
  conflict: {
    de: 'Das steht im Widerspruch zum aktuellen Stand.',
    en: 'This conflicts with the current state.',
  },
  alreadyLicensed: {
    de: 'Dieser Service ist im Projekt bereits enthalten.',
    en: 'This service is already part of the project.',
  },
  alreadyMember: {
    de: 'Diese Person gehört schon zum Projekt.',
    en: 'This person already belongs to the project.',
  },
  alreadyInvited: {
    de: 'Diese Adresse ist schon eingeladen. Du kannst die Einladung in der Liste erneut senden.',
    en: 'This address is already invited. You can send the invitation again from the list.',
  },
  invitationLimit: {
    de: 'Heute wurden schon zu viele Einladungs-Mails verschickt (an diese Adresse, für dieses Projekt oder von dir). Bitte versuche es später erneut.',
    en: 'Too many invitation mails have been sent today (to this address, for this project or by you). Please try again later.',
  },
  tooManyMembers: {
    de: 'Das Projekt hat schon die größte Zahl an Mitgliedern und Einladungen.',
    en: 'The project already has the most members and invitations it can have.',
  },
  ownerStays: {
    de: 'Die Eigentümer:in bleibt im Projekt; übergib das Projekt zuerst.',
    en: 'The owner stays in the project; hand the project over first.',
  },
  sharedProjects: {
    de: 'Dieses Konto besitzt Projekte, die mit anderen geteilt sind. Übergib jedes davon zuerst an ein Mitglied (die Projekte stehen in der Liste).',
    en: 'This account owns projects shared with others. Hand each of them over to a member first (the projects are listed).',
  },
  emailTaken: {
    de: 'Diese E-Mail-Adresse ist bereits vergeben.',
    en: 'This email address is already in use.',
  },
  lastAdmin: {
    de: 'Die letzte Administrator:in, die sich anmelden kann, kann weder entfernt noch deaktiviert werden. Eingeladene zählen erst, wenn sie ihr Passwort gewählt haben.',
    en: 'The last admin who can sign in can be neither removed nor disabled. Invited admins count once they have chosen their password.',
  },
  ownAccount: {
    de: 'Dein eigenes Konto kannst du nicht deaktivieren.',
    en: 'You cannot disable your own account.',
  },
  mfaRequired: {
    de: 'Admins brauchen eine Zwei-Faktor-Anmeldung. Bitte richte sie in deinem Profil ein.',
    en: 'Admins need two-factor sign-in. Please set it up in your profile.',
  },
  mfaCodeWrong: {
    de: 'Dieser Code ist falsch oder wurde schon verwendet.',
    en: 'This code is wrong or has already been used.',
  },
  mfaTokenInvalid: {
    de: 'Die Anmeldung ist abgelaufen. Bitte melde dich erneut mit deinem Passwort an.',
    en: 'The sign-in has expired. Please sign in again with your password.',
  },
  reauthRequired: {
    de: 'Bitte bestätige diese Änderung mit deinem Passwort oder einem Code deiner Authenticator-App.',
    en: 'Please confirm this change with your password or a code from your authenticator app.',
  },
  unverified: {
    de: 'Bitte bestätige zuerst deine E-Mail-Adresse über den Link in unserer Mail.',
    en: 'Please confirm your email address first, using the link in our mail.',
  },
  signupPasswordWrong: {
    de: `Das ist nicht das Passwort, das bei dieser Registrierung gewählt wurde. Nach ${VERIFY_LIMITS.passwordAttempts} falschen Versuchen verfällt der Link.`,
    en: `This is not the password chosen at this sign-up. After ${VERIFY_LIMITS.passwordAttempts} wrong tries the link stops working.`,
  },
  accountDisabled: {
    de: 'Dieses Konto ist deaktiviert. Bitte wende dich an uns, wenn du es wieder nutzen möchtest.',
    en: 'This account is disabled. Please contact us if you want to use it again.',
  },
  signupClosed: {
    de: 'Neue Konten gibt es nur auf Einladung.',
    en: 'New accounts are by invitation only.',
  },
  tokenInvalid: {
    de: 'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt.',
    en: 'This link is invalid, has expired or has already been used.',
  },
  accessTokenInvalid: {
    de: 'Dieses Zugriffstoken ist unbekannt, abgelaufen oder wurde widerrufen.',
    en: 'This access token is unknown, has expired or has been revoked.',
  },
  accessTokenNotAllowed: {
    de: 'Mit einem Zugriffstoken ist dieser Aufruf nicht möglich. Bitte melde dich an.',
    en: 'An access token cannot make this call. Please sign in.',
  },
  accessTokenReadOnly: {
    de: 'Dieses Zugriffstoken darf nur lesen.',
    en: 'This access token may only read.',
  },
  tooManyAccessTokens: {
    de: `Du hast schon ${ACCESS_TOKEN_LIMITS.perPerson} Zugriffstoken. Bitte widerrufe zuerst eines.`,
    en: `You already have ${ACCESS_TOKEN_LIMITS.perPerson} access tokens. Please revoke one first.`,
  },
  payloadTooLarge: { de: 'Die Anfrage ist zu groß.', en: 'The request is too large.' },
  unsupportedMediaType: {
    de: 'Dieses Format wird nicht unterstützt.',
    en: 'This format is not supported.',
  },
  imageTooLarge: {
    de: `Das Bild ist zu groß oder zu schmal: höchstens ${megapixels} Megapixel und ein Seitenverhältnis bis ${ratio}:1.`,
    en: `The image is too large or too narrow: at most ${megapixels} megapixels and an aspect ratio of up to ${ratio}:1.`,
  },
  badRequest: { de: 'Die Anfrage ist fehlerhaft.', en: 'The request is malformed.' },
  unavailable: {
    de: 'Der Dienst ist gerade überlastet. Bitte versuche es gleich noch einmal.',
    en: 'The service is busy right now. Please try again in a moment.',
  },
  internal: {
    de: 'Etwas ist schiefgelaufen. Bitte versuche es später erneut.',
    en: 'Something went wrong. Please try again later.',
  },
};

export function errorMessage(code: ErrorCode, language: Language): string {
  return messages[code][language];
}

const fieldMessages = {
  required: { de: 'Pflichtfeld', en: 'Required' },
  invalid: { de: 'Ungültiger Wert', en: 'Invalid value' },
  unknown: { de: 'Unbekanntes Feld', en: 'Unknown field' },
  tooLong: { de: 'Zu lang', en: 'Too long' },
  // Password rules (packages/contract/src/password.ts), named so a client can say which one.
  tooShort: { de: 'Zu kurz', en: 'Too short' },
  tooCommon: { de: 'Zu häufig benutzt, bitte wähle ein anderes', en: 'Too common, please choose another' },
  sameAsEmail: { de: 'Darf nicht die E-Mail-Adresse sein', en: 'Must not be the email address' },
  // Host names of a project's domain lists (contract, project.ts); the web's Projects texts say the same.
  hostScheme: {
    de: 'Bitte ohne https:// eingeben, nur den Hostnamen, z. B. www.example.com.',
    en: 'Please leave out https:// and enter just the host name, e.g. www.example.com.',
  },
  hostPath: {
    de: 'Bitte ohne Pfad eingeben (nichts ab dem ersten /), z. B. www.example.com.',
    en: 'Please leave out the path (everything from the first /), e.g. www.example.com.',
  },
  hostEmptyLabel: {
    de: 'Zwischen zwei Punkten sowie am Anfang und Ende muss ein Name stehen, z. B. www.example.com.',
    en: 'There must be a name between two dots and at the start and end, e.g. www.example.com.',
  },
  hostCharacters: {
    de: 'Erlaubt sind nur Buchstaben a–z (ohne Umlaute), Ziffern, Punkte und Bindestriche.',
    en: 'Only letters a–z (no umlauts), digits, dots and hyphens are allowed.',
  },
  hostLabel: {
    de: 'Ein Teil zwischen zwei Punkten darf nicht mit einem Bindestrich beginnen oder enden und hat höchstens 63 Zeichen.',
    en: 'A part between two dots must not start or end with a hyphen and has at most 63 characters.',
  },
  hostPort: {
    de: 'Nach dem Doppelpunkt darf nur eine Portnummer stehen, z. B. :8080.',
    en: 'Only a port number may follow the colon, e.g. :8080.',
  },
  // Admin console (docs/admin.md#content).
  taken: { de: 'Schon vergeben', en: 'Already taken' },
  placeholders: {
    de: 'Die Platzhalter ({{…}}) müssen dieselben bleiben wie im ausgelieferten Text',
    en: 'The placeholders ({{…}}) must stay the same as in the shipped text',
  },
  linkedPage: {
    de: 'Das Portal verlinkt diese Seite; sie kann weder umbenannt noch gelöscht werden',
    en: 'The portal links to this page; it can be neither renamed nor deleted',
  },
  // API reference documents (docs/domain.md#api-reference).
  notOpenApi: {
    de: 'Kein gültiges OpenAPI-3.0- oder -3.1-Dokument (JSON oder YAML)',
    en: 'Not a valid OpenAPI 3.0 or 3.1 document (JSON or YAML)',
  },
  externalRef: {
    de: 'Verweise ($ref) auf andere Dateien oder Adressen sind nicht erlaubt; alles muss im Dokument stehen',
    en: 'References ($ref) to other files or addresses are not allowed; everything must be inside the document',
  },
  operationsDiffer: {
    de: 'Das englische Dokument muss dieselben Operationen enthalten wie das deutsche',
    en: 'The English document must hold the same operations as the German one',
  },
  // Billing data (contract, billing/; docs/billing.md#billing-profile); the web's Billing texts say the same.
  country: {
    de: 'Bitte wähle ein Land (Code nach ISO 3166, z. B. DE).',
    en: 'Please choose a country (ISO 3166 code, e.g. DE).',
  },
  vatIdNotEu: {
    de: 'Eine USt-IdNr. gibt es nur in EU-Ländern; außerhalb der EU bitte leer lassen.',
    en: 'VAT IDs exist in EU countries only; outside the EU please leave it empty.',
  },
  vatIdCountry: {
    de: 'Die USt-IdNr. muss mit dem Kürzel des gewählten Landes beginnen (Griechenland: EL), z. B. DE123456789.',
    en: 'The VAT ID must start with the code of the chosen country (Greece: EL), e.g. DE123456789.',
  },
  vatIdFormat: {
    de: 'Die USt-IdNr. hat nicht das Format dieses Landes (z. B. DE und 9 Ziffern).',
    en: "The VAT ID does not have this country's format (e.g. DE and 9 digits).",
  },
  email: { de: 'Keine gültige E-Mail-Adresse', en: 'Not a valid email address' },
  leitwegId: {
    de: 'Keine gültige Leitweg-ID (z. B. 991-33333TEST-33: Ziffern, optional Buchstaben und Ziffern, zwei Prüfziffern, durch Bindestriche getrennt).',
    en: 'Not a valid Leitweg-ID (e.g. 991-33333TEST-33: digits, optionally letters and digits, two check digits, separated by hyphens).',
  },
  iban: {
    de: 'Keine gültige IBAN (Länderkürzel, Prüfziffern und Kontonummer, z. B. DE89 3704 0044 0532 0130 00).',
    en: 'Not a valid IBAN (country code, check digits and account, e.g. DE89 3704 0044 0532 0130 00).',
  },
  bic: { de: 'Keine gültige BIC (8 oder 11 Zeichen, z. B. COBADEFFXXX).', en: 'Not a valid BIC (8 or 11 characters, e.g. COBADEFFXXX).' },
  invoiceNumberFormat: {
    de: 'Das Format braucht genau einmal {seq} oder {seq:n} (n = 1–12 Stellen), darf {year} einmal enthalten und sonst nur Buchstaben, Ziffern und - _ / . (höchstens 40 Zeichen).',
    en: 'The format needs {seq} or {seq:n} exactly once (n = 1–12 digits), may hold {year} once and otherwise only letters, digits and - _ / . (at most 40 characters).',
  },
  paymentTerms: {
    de: 'Ganze Tage von 0 bis 120',
    en: 'Whole days from 0 to 120',
  },
  vatIdOrTaxNumber: {
    de: 'Eine Rechnung nennt die USt-IdNr. oder die Steuernummer: bitte mindestens eins davon angeben.',
    en: 'An invoice names the VAT ID or the tax number: please give at least one of them.',
  },
  // Webhooks (docs/webhooks.md).
  webhookHttps: {
    de: 'Bitte eine https://-Adresse angeben',
    en: 'Please enter an https:// address',
  },
  webhookTooMany: {
    de: 'Dieses Projekt hat schon die höchste Zahl an Webhook-Empfängern',
    en: 'This project already has the maximum number of webhook endpoints',
  },
} satisfies Record<string, Record<Language, string>>;

export type FieldProblem = keyof typeof fieldMessages;

export function fieldMessage(problem: FieldProblem, language: Language): string {
  return fieldMessages[problem][language];
}
