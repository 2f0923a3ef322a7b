import { createHash } from 'node:crypto';
import { decodeOptions } from '../../lib/image-check.js';
import { loadSharp } from '../../lib/sharp.js';

// Catalogue images are stored as WebP at fixed widths; the web app picks one by the space it
// has. Every image that enters the catalogue (demo SVGs, imported files) is decoded and encoded
// again here, so nothing but plain pixels reaches a browser.

/** Widths of the gallery sizes; sm–xlg are the lightbox's srcset widths (421, 993, 1201, 1401 px). */
export const GALLERY_WIDTHS = { xs: 200, sm: 421, md: 993, lg: 1201, xlg: 1401 } as const;
export const LOGO_WIDTH = 256;
export const THUMBNAIL_WIDTH = 800;
export const PACKAGE_IMAGE_WIDTH = 256;

export interface EncodedImage {
  id: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Encodes an image (SVG, PNG, JPEG, WebP, …) as WebP at several widths. It is rasterised once at
 * the largest width and scaled down from there. A raster picture is never enlarged: one
 * narrower than a width is stored at its own width (an upscaled strip once took 2 GB); an SVG
 * is drawn at the width asked for. Ids are derived from the input and the width, so the same
 * input gives the same rows again and the URLs can be cached for ever. Uploads are checked
 * against IMAGE_LIMITS first (lib/image-check.ts).
 */
export async function encodeImageSizes(input: Buffer, widths: readonly number[]): Promise<EncodedImage[]> {
  const largest = Math.max(...widths);
  const sharp = await loadSharp();
  const source = sharp(input, decodeOptions);
  const vector = (await source.metadata()).format === 'svg';
  const raster = await source
    .rotate() // apply EXIF orientation, then drop the metadata
    .resize({ width: largest, withoutEnlargement: !vector })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Promise.all(
    widths.map(async (width) => {
      // Low encoder effort: flat illustrations compress well anyway, and imports stay quick.
      const { data, info } = await sharp(raster.data, { raw: raster.info })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82, effort: 1 })
        .toBuffer({ resolveWithObject: true });
      const id = createHash('sha256').update(`${width}:`).update(input).digest('hex').slice(0, 32);
      return { id, contentType: 'image/webp', bytes: data, width: info.width, height: info.height };
    }),
  );
}
