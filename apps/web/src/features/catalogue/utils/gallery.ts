import type { GalleryItem } from '@portal/contract/service';

/** The gallery shows this many thumbnails; a '+N' counter stands for the rest. */
export const galleryThumbnailCount = 4;

export interface GalleryPreview<T> {
  /** The thumbnails on the page. */
  shown: T[];
  /** How many images are not shown ('+N' on the last thumbnail); 0 when all are. */
  more: number;
}

export function galleryPreview<T>(items: readonly T[], count = galleryThumbnailCount): GalleryPreview<T> {
  const shown = items.slice(0, Math.max(0, count));
  return { shown, more: items.length - shown.length };
}

/** '+N' for the counter, '' when nothing is hidden. */
export function moreLabel(more: number): string {
  return more > 0 ? `+${more}` : '';
}

/** Lightbox image widths, from the gallery sizes sm, md, lg and xlg. */
export const lightboxWidths = { sm: 421, md: 993, lg: 1201, xlg: 1401 } as const;

export interface LightboxImage {
  src: string;
  width: number;
  height: number;
}

export interface LightboxSlide extends LightboxImage {
  alt: string;
  srcSet: LightboxImage[];
}

/** A gallery item as a lightbox slide: the largest image plus a srcset of all four widths. */
export function toLightboxSlide(item: GalleryItem, alt: string): LightboxSlide {
  const ratio = item.width > 0 ? item.height / item.width : 0;
  const srcSet = (Object.keys(lightboxWidths) as Array<keyof typeof lightboxWidths>).map((size) => ({
    src: item.sizes[size],
    width: lightboxWidths[size],
    height: Math.round(lightboxWidths[size] * ratio),
  }));
  const largest = srcSet[srcSet.length - 1]!;
  return { ...largest, alt, srcSet };
}
