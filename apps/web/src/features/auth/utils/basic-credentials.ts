/**
 * `Authorization: Basic base64(email:password)` (docs/architecture.md#access-policies): UTF-8
 * bytes, so a password with umlauts or emoji works (btoa alone only takes Latin-1 and throws on
 * anything else).
 */
export function basicCredentials(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
