/**
 * The credentials of an `Authorization` header of this scheme, or undefined for another scheme
 * or none. The scheme is case-insensitive and one or more spaces may follow it (RFC 9110,
 * section 11.1): `bearer`, `BEARER` and `Bearer` are the same. `scheme` is given in lower case.
 */
export function authorizationCredentials(header: string | undefined, scheme: 'basic' | 'bearer'): string | undefined {
  if (header === undefined || header.charCodeAt(scheme.length) !== 32) return undefined;
  if (header.slice(0, scheme.length).toLowerCase() !== scheme) return undefined;
  let start = scheme.length + 1;
  while (header.charCodeAt(start) === 32) start++;
  return header.slice(start);
}
