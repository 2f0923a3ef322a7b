import { PASSWORD_LIMITS, passwordLength } from '@portal/contract/password';
import { PERSON_LIMITS } from '@portal/contract/person';
import { isSingleLineText } from '@portal/contract/text';
import { authorizationCredentials } from '../../lib/authorization.js';
import { HttpError, unauthorized, validation } from '../../lib/http-error.js';

/**
 * Reads `Authorization: Basic base64(email:password)` (the scheme in any case). The password may
 * contain ':', so the split is at the first colon. No header: 401; a header that is not valid
 * Basic: 400.
 */
export function parseBasicCredentials(header: string | undefined): { email: string; password: string } {
  if (!header) throw unauthorized();
  const encoded = authorizationCredentials(header.trim(), 'basic');
  if (encoded === undefined || !/^[A-Za-z0-9+/]+=*$/.test(encoded)) throw new HttpError(400, 'badRequest');
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || decoded.includes('\uFFFD')) throw new HttpError(400, 'badRequest');
  const email = decoded.slice(0, colon).trim().toLowerCase();
  const password = decoded.slice(colon + 1);
  if (
    email.length > PERSON_LIMITS.email ||
    password.length === 0 ||
    passwordLength(password) > PASSWORD_LIMITS.max
  )
    throw new HttpError(400, 'badRequest');
  // Control characters never belong to an address or a password (and PostgreSQL refuses NUL).
  if (!isSingleLineText(email)) throw validation({ email: 'invalid' });
  if (!isSingleLineText(password)) throw validation({ password: 'invalid' });
  return { email, password };
}
