import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  MFA_LIMITS,
  type MfaChallenge,
  type MfaMethod,
  type MfaStatus,
  type Reauth,
} from '@portal/contract/auth';
import type { Database, Db } from '../../db/database.js';
import { conflict, HttpError, notFound } from '../../lib/http-error.js';
import { newId, newSessionToken, sha256Hex } from '../../lib/ids.js';
import { verifyPassword } from '../../lib/password.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { recordAudit } from '../audit/audit.service.js';
import { findPasswordHash, findPersonByEmail } from '../person-record/person.repository.js';
import {
  acceptTimeStep,
  countUnusedRecoveryCodes,
  deleteMfaTokens,
  deleteRecoveryCodes,
  deleteTotp,
  findMfaToken,
  findReauthenticatedAt,
  findTotp,
  insertMfaToken,
  markReauthenticated,
  replacePendingTotp,
  replaceRecoveryCodes,
  takeMfaToken,
  useRecoveryCode,
} from './mfa.repository.js';

// Two-factor sign-in, the rules of docs/security.md#two-factor-sign-in:
// - an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) counts once a code confirmed it;
// - a code is accepted one step early or late, and each step once: the newest accepted step is
//   raised in one conditional statement, so a replayed code (or a parallel twin) is refused;
// - recovery codes: ten per set, SHA-256 only at rest, each used once (one conditional statement);
// - every code is counted like a password guess (the sign-in throttle, per account and address)
//   before it is checked;
// - the second step of a sign-in carries a token: 256 bits, SHA-256 only, bound to the person,
//   5 minutes, used once.

/** Identifies the portal in authenticator apps. */
const ISSUER = 'Service Portal';
const STEP_SECONDS = 30;
/** Recovery codes avoid characters people confuse (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const codeWrong = (): HttpError => new HttpError(400, 'mfaCodeWrong', { code: 'invalid' });
const tokenInvalid = (): HttpError => new HttpError(401, 'mfaTokenInvalid');

/** A code's hash, salted with the person: equal codes of two people differ at rest. */
const recoveryCodeHash = (personId: string, code: string): string => sha256Hex(`${personId}:${code}`);

function newRecoveryCode(): string {
  let code = '';
  const bytes = crypto.getRandomValues(new Uint8Array(MFA_LIMITS.recoveryCodeLength * 2));
  for (const byte of bytes) {
    if (byte >= 256 - (256 % RECOVERY_ALPHABET.length)) continue; // no bias
    code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    if (code.length === MFA_LIMITS.recoveryCodeLength) break;
  }
  return code.length === MFA_LIMITS.recoveryCodeLength ? code : newRecoveryCode();
}

/** How recovery codes are shown: xxxxx-xxxxx (accepted with or without the dash). */
const shownCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** The time step a code belongs to, when it is one of the accepted window; undefined otherwise. */
async function codeTimeStep(secret: string, code: string, now: Date): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: STEP_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

export interface FactorProof {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

/** Checks one second factor and uses it up; false when wrong or used before. */
async function useFactor(db: Db, personId: string, proof: FactorProof, now: Date): Promise<boolean> {
  if (proof.recoveryCode !== undefined) {
    return useRecoveryCode(db, personId, recoveryCodeHash(personId, proof.recoveryCode), now.toISOString());
  }
  if (proof.code === undefined) return false;
  const totp = await findTotp(db, personId);
  if (!totp?.confirmedAt) return false;
  const step = await codeTimeStep(totp.secret, proof.code, now);
  return step !== undefined && (await acceptTimeStep(db, personId, step));
}

/**
 * Counts the attempt (per account and address, before the check), then checks and uses the
 * factor; a wrong or used code answers 400 mfaCodeWrong and stays counted.
 */
async function throttledFactor(
  db: Db,
  throttle: LoginThrottle,
  personId: string,
  address: string,
  check: () => Promise<boolean>,
): Promise<void> {
  const attempt = await throttle.reserve(`mfa:${personId}`, address);
  let ok: boolean;
  try {
    ok = await check();
  } catch (error) {
    await attempt.withdrawn(); // not a guess: the database did not answer
    throw error;
  }
  if (!ok) throw codeWrong();
  await attempt.succeeded();
}

export async function mfaMethods(db: Db, personId: string): Promise<MfaMethod[]> {
  const totp = await findTotp(db, personId);
  return totp?.confirmedAt ? ['totp', 'recovery'] : [];
}

export async function mfaStatus(db: Db, personId: string): Promise<MfaStatus> {
  const methods = await mfaMethods(db, personId);
  return {
    totp: methods.includes('totp'),
    recoveryCodesLeft: methods.length > 0 ? await countUnusedRecoveryCodes(db, personId) : 0,
    methods,
  };
}

/** Whether the person has a second factor (the admin rule). */
export async function hasSecondFactor(db: Db, personId: string): Promise<boolean> {
  return (await mfaMethods(db, personId)).length > 0;
}

/**
 * The first step of a sign-in with the right password: for a person with a second factor, the
 * challenge of the second step (no session yet); undefined for everyone else.
 */
export async function signInChallenge(
  db: Db,
  personId: string,
  now: Date,
): Promise<MfaChallenge | undefined> {
  const methods = await mfaMethods(db, personId);
  if (methods.length === 0) return undefined;
  const token = newSessionToken();
  await deleteMfaTokens(db, personId, now.toISOString()); // housekeeping: this person's expired ones
  await insertMfaToken(db, {
    tokenHash: sha256Hex(token),
    personId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + MFA_LIMITS.mfaTokenMs).toISOString(),
  });
  return { mfaRequired: true, mfaToken: token, methods };
}

/**
 * The second step: the token of the first and one code. Answers the person to sign in; the
 * token is used up only by a right code, so a mistyped code can be tried again (counted).
 */
export async function completeSignIn(
  db: Kysely<Database>,
  throttle: LoginThrottle,
  address: string,
  input: { mfaToken: string } & FactorProof,
  now: Date,
): Promise<string> {
  const tokenHash = sha256Hex(input.mfaToken);
  const found = await findMfaToken(db, tokenHash);
  if (!found || Date.parse(found.expiresAt) < now.getTime()) throw tokenInvalid();
  await throttledFactor(db, throttle, found.personId, address, () =>
    useFactor(db, found.personId, input, now),
  );
  if (!(await takeMfaToken(db, tokenHash))) throw tokenInvalid();
  return found.personId;
}

/** Starts the authenticator app: a new secret, counting only once a code confirms it. */
export async function startTotp(
  db: Kysely<Database>,
  person: { id: string; email: string },
  now: Date,
): Promise<{ secret: string; otpauthUri: string }> {
  const existing = await findTotp(db, person.id);
  if (existing?.confirmedAt) throw conflict();
  const secret = generateSecret(); // 20 bytes, base32
  await db.transaction().execute((trx) => replacePendingTotp(trx, person.id, secret, now.toISOString()));
  return { secret, otpauthUri: generateURI({ issuer: ISSUER, label: person.email, secret }) };
}

/** Ten new recovery codes in place of the old ones; answered once, kept only as hashes. */
async function issueRecoveryCodes(db: Db, personId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: MFA_LIMITS.recoveryCodes }, newRecoveryCode);
  const rows = codes.map((code) => ({ id: newId(), codeHash: recoveryCodeHash(personId, code) }));
  await replaceRecoveryCodes(db, personId, rows, now.toISOString());
  return codes.map(shownCode);
}

/** Confirms the started secret with a code of it; answers the first set of recovery codes. */
export async function confirmTotp(
  db: Kysely<Database>,
  throttle: LoginThrottle,
  address: string,
  personId: string,
  code: string,
  now: Date,
): Promise<string[]> {
  const pending = await findTotp(db, personId);
  if (!pending || pending.confirmedAt) throw conflict();
  let codes: string[] = [];
  await throttledFactor(db, throttle, personId, address, async () => {
    const step = await codeTimeStep(pending.secret, code, now);
    if (step === undefined) return false;
    return db.transaction().execute(async (trx) => {
      if (!(await acceptTimeStep(trx, personId, step, { secret: pending.secret, now: now.toISOString() })))
        return false;
      codes = await issueRecoveryCodes(trx, personId, now);
      return true;
    });
  });
  return codes;
}

/** A new set of recovery codes (the old ones end); only with a confirmed authenticator app. */
export async function renewRecoveryCodes(
  db: Kysely<Database>,
  personId: string,
  now: Date,
): Promise<string[]> {
  if (!(await hasSecondFactor(db, personId))) throw conflict();
  return db.transaction().execute((trx) => issueRecoveryCodes(trx, personId, now));
}

/** Removes every second factor of the person (their own choice, or `portal user:mfa-reset`). */
export async function removeSecondFactors(db: Db, personId: string): Promise<void> {
  await deleteTotp(db, personId);
  await deleteRecoveryCodes(db, personId);
  await deleteMfaTokens(db, personId);
}

/**
 * The re-authentication rule (docs/security.md#re-authentication): the current password or a
 * second factor given in this request, or given in this session within the last 10 minutes;
 * else 403 reauthRequired. What is given is counted like a sign-in attempt.
 */
export async function requireReauth(
  db: Kysely<Database>,
  throttle: LoginThrottle,
  caller: { personId: string; email: string; sessionId: string | null; address: string },
  proof: Reauth,
  now: Date,
): Promise<void> {
  const { personId, sessionId, address } = caller;
  if (proof.password !== undefined) {
    const password = proof.password;
    const attempt = await throttle.reserve(caller.email, address);
    const stored = await findPasswordHash(db, personId);
    if (!stored || !(await verifyPassword(stored, password))) {
      throw new HttpError(400, 'pwWrong', { password: 'invalid' });
    }
    await attempt.succeeded();
  } else if (proof.code !== undefined || proof.recoveryCode !== undefined) {
    await throttledFactor(db, throttle, personId, address, () => useFactor(db, personId, proof, now));
  } else {
    const at = sessionId ? await findReauthenticatedAt(db, sessionId) : null;
    if (at && now.getTime() - Date.parse(at) <= MFA_LIMITS.reauthMs) return;
    throw new HttpError(403, 'reauthRequired');
  }
  if (sessionId) await markReauthenticated(db, sessionId, now.toISOString());
}

/** Notes that this session just gave a second factor (confirming the authenticator app). */
export async function noteReauthenticated(db: Db, sessionId: string | null, now: Date): Promise<void> {
  if (sessionId) await markReauthenticated(db, sessionId, now.toISOString());
}

/**
 * `portal user:mfa-reset`: removes the person's second factors, audited with the command line as
 * the actor. False when they had none (nothing is written then).
 */
export async function resetSecondFactors(db: Kysely<Database>, email: string, now: Date): Promise<boolean> {
  const person = await findPersonByEmail(db, email.trim().toLowerCase());
  if (!person) throw notFound();
  const before = await mfaStatus(db, person.id);
  const hadAny = before.totp || (await findTotp(db, person.id)) !== undefined;
  if (!hadAny) return false;
  await db.transaction().execute(async (trx) => {
    await removeSecondFactors(trx, person.id);
    await recordAudit(trx, {
      actor: { id: 'cli', email: 'portal command line' },
      requestId: `cli-${newId(8)}`,
      at: now,
      action: 'mfa-reset',
      objectType: 'person',
      objectId: person.id,
      before: { email: person.email, mfa: before.methods },
      after: { email: person.email, mfa: [] },
    });
  });
  return true;
}
