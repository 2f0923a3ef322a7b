import { AVATAR_MAX_BYTES } from '@portal/contract/person';

// The avatar is checked before it is sent (issue 5): the server takes PNG, JPEG and WebP up to
// 5 MB (415 / 413 otherwise). The browser's MIME type comes from the file name only, so the
// first bytes decide: a renamed text file is refused here, a mislabelled PNG is accepted.

export type AvatarType = 'image/png' | 'image/jpeg' | 'image/webp';
export type AvatarProblem = 'wrongType' | 'tooBig';

/** The image type from the file's first 12 bytes, or null. */
export function sniffImageType(bytes: Uint8Array): AvatarType | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export function avatarProblem(size: number, sniffed: AvatarType | null): AvatarProblem | null {
  if (!sniffed) return 'wrongType';
  if (size > AVATAR_MAX_BYTES) return 'tooBig';
  return null;
}

export async function checkAvatarFile(file: Blob): Promise<AvatarProblem | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return avatarProblem(file.size, sniffImageType(head));
}
