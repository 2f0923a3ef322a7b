import { encodeImageSizes, type EncodedImage } from '../modules/catalogue/catalogue-images.js';

/** Renders a shipped SVG to WebP at several widths (see encodeImageSizes). */
export function renderSvgSizes(svg: string, widths: readonly number[]): Promise<EncodedImage[]> {
  return encodeImageSizes(Buffer.from(svg), widths);
}

export async function renderSvg(svg: string, width: number): Promise<EncodedImage> {
  const [image] = await renderSvgSizes(svg, [width]);
  if (!image) throw new Error('nothing rendered');
  return image;
}
