import { AVATAR_TYPES } from '@portal/contract/person';
import { checkImage, decodeOptions } from '../../lib/image-check.js';
import { runImageJob } from '../../lib/image-jobs.js';
import { HttpError } from '../../lib/http-error.js';
import { loadSharp } from '../../lib/sharp.js';

export const AVATAR_SIZE = 256;

/**
 * Accepts PNG, JPEG or WebP by their magic bytes (not by name or declared type) within
 * IMAGE_LIMITS and re-encodes to a square WebP: this drops EXIF and any payload hidden in the
 * original file. Never enlarged: a picture smaller than AVATAR_SIZE keeps its short side.
 */
export async function normaliseAvatar(input: Buffer): Promise<Buffer> {
  const { width, height } = await checkImage(input, AVATAR_TYPES);
  const side = Math.min(AVATAR_SIZE, width, height);
  const sharp = await loadSharp();
  return runImageJob(async () => {
    try {
      return await sharp(input, { ...decodeOptions, failOn: 'error' })
        .rotate() // honour the EXIF orientation before it is dropped
        .resize(side, side, { fit: 'cover', position: 'attention' })
        .webp({ quality: 85 })
        .toBuffer();
    } catch {
      throw new HttpError(415, 'unsupportedMediaType'); // truncated or corrupt image
    }
  });
}
