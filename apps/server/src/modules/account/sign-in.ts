import type { Db, PersonRow } from '../../db/database.js';
import { describeUserAgent, maskAddress, type SessionClient } from '../auth/session-client.js';
import { noteKnownDevice, pruneKnownDevices } from '../auth/session.repository.js';
import { createSession } from '../auth/session.service.js';
import { mailsOfKindSince } from '../mail/outbox.repository.js';
import { queueMail } from '../mail/outbox.service.js';
import { sha256Hex } from '../../lib/ids.js';
import { newSignInMail } from './account.mails.js';

// Every sign-in (password, confirmation link, reset or invitation link) starts its session here
// (docs/security.md#own-sessions).

/** How many browsers are remembered per person (the ones used most recently). */
const KNOWN_DEVICES_KEPT = 50;

/** The device entry of a client by what it shows of itself: SHA-256 of user agent and address. */
const clientFingerprint = (client: Pick<SessionClient, 'userAgent' | 'address'>): string =>
  sha256Hex(`client\n${client.userAgent}\n${client.address}`);

/** At most one "new sign-in" mail per person in this time. */
const NEW_SIGN_IN_MAIL_GAP_MS = 60 * 60 * 1000;

/** Who signs in, as the "new sign-in" mail needs them. */
export type SigningInPerson = Pick<PersonRow, 'id' | 'email' | 'firstname' | 'lastname' | 'language'>;

/**
 * Starts the session of a sign-in and answers its token. A browser the person has not signed in
 * from before (its device cookie's hash is not among theirs) gets them a "new sign-in" mail,
 * unless it is their first browser at all (the first sign-in of a new account). Pass the
 * transaction of the sign-in: the session, the device and the mail are stored together or not at all.
 */
export async function startSignedInSession(
  trx: Db,
  person: SigningInPerson,
  now: Date,
  client: SessionClient,
  options: { reauthenticated?: boolean } = {},
): Promise<string> {
  const token = await createSession(trx, person.id, now, client, options);
  const at = now.toISOString();
  const device = await noteKnownDevice(trx, person.id, client.deviceHash, at);
  // A client that keeps no cookie (a script signing in through the API) brings a new cookie to
  // every sign-in; it is recognised by its user agent and address, noted as a device of its own.
  const sameClient = await noteKnownDevice(trx, person.id, clientFingerprint(client), at);
  if (!device.known || !sameClient.known) await pruneKnownDevices(trx, person.id, KNOWN_DEVICES_KEPT);
  if (device.known || sameClient.known) return token;
  // At most one such mail to a person per NEW_SIGN_IN_MAIL_GAP_MS, however often strangers sign
  // in from new browsers (docs/security.md#own-sessions).
  const mailedLately = async () =>
    (await mailsOfKindSince(
      trx,
      'new-sign-in',
      person.email,
      new Date(now.getTime() - NEW_SIGN_IN_MAIL_GAP_MS),
    )) > 0;
  if (device.anyBefore && !(await mailedLately())) {
    await queueMail(
      trx,
      {
        kind: 'new-sign-in',
        to: person.email,
        language: person.language,
        content: newSignInMail(
          person,
          { ...describeUserAgent(client.userAgent), address: maskAddress(client.address), at: now },
          client.sessionsLink,
          person.language,
        ),
      },
      now,
    );
  }
  return token;
}
