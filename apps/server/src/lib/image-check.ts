import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_LIMITS } from '@portal/contract/image';
import { HttpError } from './http-error.js';
import { loadSharp } from './sharp.js';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Checks an uploaded picture before any pixel is decoded: its type by its magic bytes (not by
 * name or declared type), then its size from the header (sharp's metadata() reads only the
 * header). A picture beyond IMAGE_LIMITS answers 422 naming the limits; a file that is no
 * picture of an allowed type, or whose header is broken, 415.
 */
export async function checkImage(input: Buffer, types: readonly string[]): Promise<ImageSize> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !types.includes(type.mime)) throw new HttpError(415, 'unsupportedMediaType');
  const sharp = await loadSharp();
  const { width, height } = await sharp(input)
    .metadata()
    .catch(() => {
      throw new HttpError(415, 'unsupportedMediaType');
    });
  if (!width || !height) throw new HttpError(415, 'unsupportedMediaType');
  const pixels = width * height;
  const ratio = Math.max(width, height) / Math.min(width, height);
  const problems = [
    ...(pixels > IMAGE_LIMITS.maxPixels
      ? [`${width} × ${height} px are ${pixels} pixels; at most ${IMAGE_LIMITS.maxPixels}`]
      : []),
    ...(ratio > IMAGE_LIMITS.maxAspectRatio
      ? [
          `${width} × ${height} px have an aspect ratio of ${ratio.toFixed(1)}:1; at most ${IMAGE_LIMITS.maxAspectRatio}:1`,
        ]
      : []),
  ];
  if (problems.length > 0) throw new HttpError(422, 'imageTooLarge', undefined, undefined, problems);
  return { width, height };
}

/** Options for every decode of an image: the pixel limit again (sharp's own safety net), read top to bottom. */
export const decodeOptions = { limitInputPixels: IMAGE_LIMITS.maxPixels, sequentialRead: true } as const;
