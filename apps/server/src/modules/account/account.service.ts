import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  invitationSchema,
  VERIFY_LIMITS,
  type SignupForm,
  type VerifyEmailForm,
} from '@portal/contract/account';
import { passwordProblem } from '@portal/contract/password';
import type { Config } from '../../config.js';
import type { AccountTokenPurpose, Database, Db, PersonRow } from '../../db/database.js';
import { HttpError, validation } from '../../lib/http-error.js';
import { newId, newSessionToken, sha256Hex } from '../../lib/ids.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.js';
import type { SessionClient } from '../auth/session-client.js';
import { endAllSessions } from '../auth/session.service.js';
import { revokeAccessTokensOf } from '../access-token/access-token.service.js';
import type { MailContent } from '../mail/mail.templates.js';
import { queueMail } from '../mail/outbox.service.js';
import {
  findPerson,
  findPersonByEmail,
  insertPerson,
  updatePerson,
  updateUnverifiedPerson,
} from '../person-record/person.repository.js';
import { startSignedInSession } from './sign-in.js';
import { accountExistsMail, invitationMail, passwordResetMail, verifyEmailMail } from './account.mails.js';
import {
  countSignupPasswordTry,
  deleteAccountTokensOf,
  deleteExpiredAccountTokens,
  deleteSignupLinks,
  findAccountToken,
  insertAccountToken,
  takeAccountToken,
  type AccountTokenRow,
} from './account.repository.js';

// The rules of self-service accounts (docs/security.md#self-service-accounts):
// - a new address is unverified and cannot sign in until the link in its mail is used;
// - requests that name an address (sign-up, resend, forgotten password) answer the same whether
//   or not it has an account, and the mail goes to the address, never to the requester;
// - a link's token is 256 random bits, used once, kept only as SHA-256, and ends after its
//   lifetime; a newer link of the same kind ends the older ones (a confirmation link: the older
//   ones of the same sign-up);
// - each sign-up's confirmation link carries that sign-up's password and profile, and using it
//   makes exactly that sign-up the account and ends every other link: whoever proves control of
//   the address owns the account alone, whatever a stranger signed up with before or after;
// - using a confirmation link takes the password that sign-up chose (a few tries, then the link
//   ends): the mailbox's owner cannot activate a password someone else chose;
// - a new password (reset or invitation) verifies the address and ends every session.
// Every mail is queued in the transaction of its cause (the outbox sends it).

const HOUR_MS = 60 * 60 * 1000;
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  verify: 24 * HOUR_MS,
  reset: HOUR_MS,
  invite: 7 * 24 * HOUR_MS,
};

/**
 * The stored hash of a person who has no password yet (invited). argon2 cannot read it, so no
 * password matches it.
 */
const NO_PASSWORD = '';

/** Where mailed links point: PUBLIC_URL (required in production), else this server locally. */
export function accountLinks(config: Pick<Config, 'publicUrl' | 'port'>): AccountLinks {
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return {
    verify: (token) => `${base}/verify-email?token=${token}`,
    reset: (token) => `${base}/reset-password?token=${token}`,
  };
}

export interface AccountLinks {
  verify: (token: string) => string;
  reset: (token: string) => string;
}

/** A new signed-in session, answered like a login. */
export interface SignedIn {
  token: string;
  oid: string;
}

const tokenInvalid = (): HttpError => new HttpError(400, 'tokenInvalid');

const ALL_PURPOSES: readonly AccountTokenPurpose[] = ['verify', 'reset', 'invite'];

/**
 * Ends every outstanding link of the person (confirmation, reset, invitation). Every event that
 * ends a person's sessions calls it in the same transaction (a new password however it is set,
 * a confirmed address, a disabled account), so no link mailed before outlives it, not even once
 * the account is enabled again.
 */
export async function endAllLinks(db: Db, personId: string): Promise<void> {
  await deleteAccountTokensOf(db, personId, ALL_PURPOSES);
}

/** The profile one sign-up chose. */
const signupProfileSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  salutation: z.enum(['m', 'f']).nullable(),
  company: z.string(),
  language: z.enum(['de', 'en']),
});
type SignupProfile = z.infer<typeof signupProfileSchema>;

/** What one sign-up chose: its confirmation link carries it (see verifyEmail). */
interface Signup {
  passwordHash: string;
  profile: SignupProfile;
}

const signupOfForm = (form: SignupForm, passwordHash: string): Signup => ({
  passwordHash,
  profile: {
    firstname: form.firstname,
    lastname: form.lastname,
    salutation: form.salutation || null,
    company: form.company ?? '',
    language: form.language,
  },
});

/** The sign-up an unverified account shows: the newest one (see signUpAgain). */
const signupOfPerson = (person: PersonRow): Signup => ({
  passwordHash: person.passwordHash,
  profile: {
    firstname: person.firstname,
    lastname: person.lastname,
    salutation: person.salutation,
    company: person.company,
    language: person.language,
  },
});

/** The sign-up a confirmation link carries; undefined for any other link. */
function signupOfLink(row: AccountTokenRow): Signup | undefined {
  if (row.purpose !== 'verify' || !row.signupPasswordHash || row.signupProfile === null) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(row.signupProfile);
  } catch {
    return undefined;
  }
  const profile = signupProfileSchema.safeParse(json);
  return profile.success ? { passwordHash: row.signupPasswordHash, profile: profile.data } : undefined;
}

const isInvited = (person: PersonRow): boolean =>
  person.verified === 0 && person.passwordHash === NO_PASSWORD;
const awaitsVerification = (person: PersonRow): boolean =>
  person.verified === 0 && person.passwordHash !== NO_PASSWORD;

/**
 * A new link of this kind for the person; older ones of the same kind stop working. A
 * confirmation link carries its sign-up, and ends only the older links of that same sign-up.
 */
async function issueToken(
  trx: Db,
  personId: string,
  purpose: AccountTokenPurpose,
  now: Date,
  signup?: Signup,
): Promise<string> {
  await deleteExpiredAccountTokens(trx, now.toISOString());
  if (signup) await deleteSignupLinks(trx, personId, signup.passwordHash);
  else await deleteAccountTokensOf(trx, personId, [purpose]);
  const token = newSessionToken();
  await insertAccountToken(trx, {
    id: newId(),
    tokenHash: sha256Hex(token),
    personId,
    purpose,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
    signupPasswordHash: signup?.passwordHash ?? null,
    signupProfile: signup ? JSON.stringify(signup.profile) : null,
  });
  return token;
}

const isLive = (row: AccountTokenRow | undefined, now: Date): row is AccountTokenRow =>
  row !== undefined && row.expiresAt > now.toISOString();

/** The confirmation link of one sign-up, greeting the name that sign-up chose, in its language. */
async function sendVerification(
  trx: Db,
  links: AccountLinks,
  person: PersonRow,
  signup: Signup,
  now: Date,
): Promise<void> {
  const token = await issueToken(trx, person.id, 'verify', now, signup);
  const { language } = signup.profile;
  await queueMail(trx, {
    kind: 'verify-email',
    to: person.email,
    language,
    content: verifyEmailMail(signup.profile, links.verify(token), language),
  }, now);
}

const resetMails = { 'password-reset': passwordResetMail, 'account-exists': accountExistsMail } as const;

async function sendReset(
  trx: Db,
  links: AccountLinks,
  person: PersonRow,
  now: Date,
  kind: keyof typeof resetMails,
): Promise<void> {
  const token = await issueToken(trx, person.id, 'reset', now);
  await queueMail(trx, {
    kind,
    to: person.email,
    language: person.language,
    content: resetMails[kind](person, links.reset(token), person.language),
  }, now);
}

/**
 * A sign-up for an address that has an account. While it waits for confirmation, this sign-up
 * gets a confirmation link of its own (greeting its own name) and the account shows it until a
 * link is used; links of earlier sign-ups keep carrying what those chose. Otherwise the owner
 * gets a note with a reset link. A disabled account gets nothing.
 */
async function signUpAgain(
  trx: Db,
  links: AccountLinks,
  person: PersonRow,
  signup: Signup,
  now: Date,
): Promise<void> {
  if (person.disabled === 1) return;
  if (!awaitsVerification(person)) {
    await sendReset(trx, links, person, now, 'account-exists');
    return;
  }
  await updatePerson(trx, person.id, {
    ...signup.profile,
    passwordHash: signup.passwordHash,
    updatedAt: now.toISOString(),
  });
  await sendVerification(trx, links, person, signup, now);
}

/**
 * Creates an unverified account and queues its verification mail. The answer is the same for an
 * address that already has an account (see signUpAgain); the password is hashed in both cases,
 * so the time taken does not tell them apart either.
 */
export async function signUp(
  db: Kysely<Database>,
  links: AccountLinks,
  form: SignupForm,
  now: Date,
): Promise<void> {
  const signup = signupOfForm(form, await hashPassword(form.password));
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await findPersonByEmail(trx, form.email);
      if (existing) {
        await signUpAgain(trx, links, existing, signup, now);
        return;
      }
      const id = newId();
      await insertPerson(trx, {
        id,
        email: form.email,
        passwordHash: signup.passwordHash,
        ...signup.profile,
        place: '',
        isAdmin: 0,
        verified: 0,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
      const person = await findPerson(trx, id);
      if (person) await sendVerification(trx, links, person, signup, now);
    });
  } catch (error) {
    // A parallel sign-up took the address between the look and the insert (unique index).
    if (!(await findPersonByEmail(db, form.email))) throw error;
    await db.transaction().execute(async (trx) => {
      const existing = await findPersonByEmail(trx, form.email);
      if (existing) await signUpAgain(trx, links, existing, signup, now);
    });
  }
}

/**
 * Uses a confirmation link with the password its sign-up chose: that sign-up becomes the account
 * (its password and profile, never another sign-up's), the address counts as verified, every
 * other link of the person stops working, and the person is signed in. A wrong password answers
 * signupPasswordWrong and leaves the link usable for the tries it has left; the last wrong one
 * ends it.
 */
export async function verifyEmail(
  db: Kysely<Database>,
  input: VerifyEmailForm,
  now: Date,
  client: SessionClient,
): Promise<SignedIn> {
  const tokenHash = sha256Hex(input.token);
  const maxTries = VERIFY_LIMITS.passwordAttempts;
  const found = await countSignupPasswordTry(db, tokenHash, maxTries, now.toISOString());
  const signup = found ? signupOfLink(found) : undefined;
  // One argon2 check on every path: the time tells a live link from a dead one no more than the answer.
  const right = await verifyPassword(signup?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!found || !signup) throw tokenInvalid();
  if (!right) {
    if (found.passwordAttempts >= maxTries) await takeAccountToken(db, tokenHash, ['verify']);
    throw new HttpError(400, 'signupPasswordWrong', { password: 'invalid' });
  }
  return db.transaction().execute(async (trx) => {
    const person = await findPerson(trx, found.personId);
    if (!person || person.disabled === 1) throw tokenInvalid();
    // The person's row first, then the links: of two confirmations at once (two links, or one
    // link twice) the second waits here and then finds the address verified.
    const activated = await updateUnverifiedPerson(trx, person.id, {
      ...signup.profile,
      passwordHash: signup.passwordHash,
      verified: 1,
      updatedAt: now.toISOString(),
    });
    if (!activated || !(await takeAccountToken(trx, tokenHash, ['verify']))) throw tokenInvalid();
    await endAllLinks(trx, person.id);
    return { token: await startSignedInSession(trx, { ...person, ...signup.profile }, now, client), oid: person.id };
  });
}

/**
 * A request that names an address (resend, forgotten password): `act` runs in one transaction
 * with the enabled account of that address; without one nothing happens, and the answer is the same.
 */
function forEnabledAccount(
  act: (trx: Db, person: PersonRow, links: AccountLinks, now: Date) => Promise<void>,
) {
  return async (
    db: Kysely<Database>,
    links: AccountLinks,
    email: string,
    now: Date,
  ): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      const person = await findPersonByEmail(trx, email);
      if (person && person.disabled === 0) await act(trx, person, links, now);
    });
  };
}

/**
 * A new confirmation link for an account that still waits for one, for the sign-up it shows (the
 * newest); it replaces that sign-up's older link and leaves other sign-ups' links as they are.
 * Nothing otherwise.
 */
export const resendVerification = forEnabledAccount(async (trx, person, links, now) => {
  if (awaitsVerification(person)) await sendVerification(trx, links, person, signupOfPerson(person), now);
});

/**
 * A reset link for a verified or invited account that may sign in; nothing otherwise (an
 * account waiting for verification needs that link first).
 */
export const requestPasswordReset = forEnabledAccount(async (trx, person, links, now) => {
  if (person.verified === 1 || isInvited(person)) await sendReset(trx, links, person, now, 'password-reset');
});

/**
 * A reset link for the person an admin chose (admin console), in the caller's transaction.
 * Answers false, and sends nothing, where a self-service request would get nothing either: a
 * disabled account, or one still waiting for its verification link.
 */
export async function mailPasswordReset(
  trx: Db,
  links: AccountLinks,
  person: PersonRow,
  now: Date,
): Promise<boolean> {
  if (person.disabled === 1 || !(person.verified === 1 || isInvited(person))) return false;
  await sendReset(trx, links, person, now, 'password-reset');
  return true;
}

/**
 * Uses a reset or invitation link: the new password is set, the address counts as verified,
 * every session of the person ends and every other link of theirs stops working; the person is
 * signed in anew. The link is only used up when the password is accepted.
 */
export async function resetPassword(
  db: Kysely<Database>,
  input: { token: string; password: string },
  now: Date,
  client: SessionClient,
): Promise<SignedIn> {
  const tokenHash = sha256Hex(input.token);
  const found = await findAccountToken(db, tokenHash);
  if (!isLive(found, now) || found.purpose === 'verify') throw tokenInvalid();
  const person = await findPerson(db, found.personId);
  if (!person || person.disabled === 1) throw tokenInvalid();
  const problem = passwordProblem(input.password, person.email);
  if (problem) throw validation({ password: problem });
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const row = await takeAccountToken(trx, tokenHash, ['reset', 'invite']);
    if (!isLive(row, now)) throw tokenInvalid();
    await updatePerson(trx, person.id, { passwordHash, verified: 1, updatedAt: now.toISOString() });
    await endAllSessions(trx, person.id);
    await revokeAccessTokensOf(trx, person.id);
    await endAllLinks(trx, person.id);
    return { token: await startSignedInSession(trx, person, now, client), oid: person.id };
  });
}

/**
 * A new invitation link for a person who has not chosen a password yet (a project invitation
 * sent again); their older invitation link ends.
 */
export async function newInvitationLink(
  trx: Db,
  links: AccountLinks,
  person: PersonRow,
  now: Date,
): Promise<string> {
  return links.reset(await issueToken(trx, person.id, 'invite', now));
}

/** Whether the person has no password yet (invited, the mailed link not used). */
export const hasNoPassword = (person: PersonRow): boolean => person.passwordHash === NO_PASSWORD;

/** Whether the person can sign in now: enabled, address confirmed, a password chosen. */
export const canSignIn = (person: PersonRow): boolean =>
  person.disabled === 0 && person.verified === 1 && !hasNoPassword(person);

export type Invitation = z.input<typeof invitationSchema>;

/**
 * Invites a person (command line, admin console, project sharing): the account is created
 * unverified and without a password, and the invitation mail links to the reset screen, where
 * the person chooses a password (valid 7 days). An address that has an account answers 409.
 */
export async function inviteAccount(
  db: Kysely<Database>,
  links: AccountLinks,
  invitation: Invitation,
  now: Date,
  /** More work in the same transaction (the admin console's audit entry). */
  alsoInTransaction?: (trx: Db, person: PersonRow) => Promise<void>,
  /** The mail to send instead of the plain invitation (a project invitation); `link` sets the password. */
  mailOf?: (person: PersonRow, link: string) => MailContent,
): Promise<PersonRow> {
  const parsed = invitationSchema.safeParse(invitation);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'email');
    throw validation({ [field]: 'invalid' });
  }
  const { isAdmin, ...fields } = parsed.data;
  const taken = (): HttpError => new HttpError(409, 'emailTaken', { email: 'invalid' });
  try {
    return await db.transaction().execute(async (trx) => {
      if (await findPersonByEmail(trx, fields.email)) throw taken();
      const id = newId();
      await insertPerson(trx, {
        id,
        ...fields,
        passwordHash: NO_PASSWORD,
        place: '',
        isAdmin: isAdmin ? 1 : 0,
        verified: 0,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
      const person = await findPerson(trx, id);
      if (!person) throw new Error('invited person not stored');
      const token = await issueToken(trx, id, 'invite', now);
      await queueMail(trx, {
        kind: 'invitation',
        to: person.email,
        language: person.language,
        content: mailOf
          ? mailOf(person, links.reset(token))
          : invitationMail(person, links.reset(token), person.language),
      }, now);
      await alsoInTransaction?.(trx, person);
      return person;
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A parallel request took the address between the look and the insert (unique index).
    if (await findPersonByEmail(db, fields.email)) throw taken();
    throw error;
  }
}
