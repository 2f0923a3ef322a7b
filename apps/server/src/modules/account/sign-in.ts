import type { Db, PersonRow } from '../../db/database.js';
import { describeUserAgent, maskAddress, type SessionClient } from '../auth/session-client.js';
import { noteKnownDevice, pruneKnownDevices } from '../auth/session.repository.js';
import { createSession } from '../auth/session.service.js';
import { queueMail } from '../mail/outbox.service.js';
import { newSignInMail } from './account.mails.js';

// Every sign-in (password, confirmation link, reset or invitation link) starts its session here
// (docs/security.md#own-sessions).

/** How many browsers are remembered per person (the ones used most recently). */
const KNOWN_DEVICES_KEPT = 50;

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
  const device = await noteKnownDevice(trx, person.id, client.deviceHash, now.toISOString());
  if (device.known) return token;
  await pruneKnownDevices(trx, person.id, KNOWN_DEVICES_KEPT);
  if (device.anyBefore) {
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
