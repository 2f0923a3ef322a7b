import sharp from 'sharp';
import { createHash } from 'node:crypto';

export interface RenderedImage {
  id: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
}

const mediaId = (svg: string, width: number): string =>
  createHash('sha256').update(`${width}:${svg}`).digest('hex').slice(0, 32);

/**
 * Renders a shipped SVG to WebP at several widths. The SVG is rasterised once at the largest
 * width and scaled down from there (rasterising is the slow part). Ids are derived from the
 * input, so seeding again finds the same rows and the URLs can be cached for ever.
 */
export async function renderSvgSizes(svg: string, widths: readonly number[]): Promise<RenderedImage[]> {
  const largest = Math.max(...widths);
  const raster = await sharp(Buffer.from(svg)).resize({ width: largest }).raw().toBuffer({ resolveWithObject: true });
  return Promise.all(
    widths.map(async (width) => {
      // Low encoder effort: flat illustrations compress well anyway, and first start stays quick.
      const { data, info } = await sharp(raster.data, { raw: raster.info })
        .resize({ width })
        .webp({ quality: 82, effort: 1 })
        .toBuffer({ resolveWithObject: true });
      return { id: mediaId(svg, width), contentType: 'image/webp', bytes: data, width: info.width, height: info.height };
    }),
  );
}

export async function renderSvg(svg: string, width: number): Promise<RenderedImage> {
  const [image] = await renderSvgSizes(svg, [width]);
  if (!image) throw new Error('nothing rendered');
  return image;
}
