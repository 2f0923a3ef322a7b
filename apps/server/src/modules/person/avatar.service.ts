import { fileTypeFromBuffer } from 'file-type';
import { AVATAR_TYPES } from '@portal/contract/person';
import { HttpError } from '../../lib/http-error.js';
import { loadSharp } from '../../lib/sharp.js';

export const AVATAR_SIZE = 256;

/**
 * Accepts PNG, JPEG or WebP by their magic bytes (not by name or declared type) and re-encodes
 * to a square WebP: this drops EXIF and any payload hidden in the original file.
 */
export async function normaliseAvatar(input: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !(AVATAR_TYPES as readonly string[]).includes(type.mime)) {
    throw new HttpError(415, 'unsupportedMediaType');
  }
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate() // honour the EXIF orientation before it is dropped
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new HttpError(415, 'unsupportedMediaType'); // truncated or corrupt image
  }
}
