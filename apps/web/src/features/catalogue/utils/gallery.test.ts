import type { GalleryItem } from '@portal/contract/service';
import { describe, expect, it } from 'vitest';
import { galleryPreview, moreLabel, toLightboxSlide } from './gallery';

function item(n: number): GalleryItem {
  return {
    key: `img${n}`,
    preview: `/m/${n}-xs`,
    name: { de: `Bild ${n}`, en: `Image ${n}` },
    sizes: { xs: `/m/${n}-xs`, sm: `/m/${n}-sm`, md: `/m/${n}-md`, lg: `/m/${n}-lg`, xlg: `/m/${n}-xlg` },
    width: 1401,
    height: 876,
  };
}

describe('galleryPreview and the +N counter', () => {
  it('shows 4 thumbnails and counts the rest', () => {
    const items = [1, 2, 3, 4, 5, 6].map(item);
    const preview = galleryPreview(items);
    expect(preview.shown.map((i) => i.key)).toEqual(['img1', 'img2', 'img3', 'img4']);
    expect(preview.more).toBe(2);
    expect(moreLabel(preview.more)).toBe('+2');
  });

  it('has no counter for 4 or fewer images', () => {
    expect(galleryPreview([1, 2, 3, 4].map(item)).more).toBe(0);
    expect(galleryPreview([1, 2].map(item))).toEqual({ shown: [item(1), item(2)], more: 0 });
    expect(galleryPreview([])).toEqual({ shown: [], more: 0 });
    expect(moreLabel(0)).toBe('');
  });

  it('takes another thumbnail count', () => {
    expect(galleryPreview([1, 2, 3].map(item), 1).more).toBe(2);
  });
});

describe('toLightboxSlide', () => {
  it('offers the widths 421, 993, 1201 and 1401 from sm, md, lg and xlg', () => {
    const slide = toLightboxSlide(item(1), 'Bild 1');
    expect(slide.srcSet.map((image) => [image.src, image.width])).toEqual([
      ['/m/1-sm', 421],
      ['/m/1-md', 993],
      ['/m/1-lg', 1201],
      ['/m/1-xlg', 1401],
    ]);
    expect(slide).toMatchObject({ src: '/m/1-xlg', width: 1401, height: 876, alt: 'Bild 1' });
  });

  it('keeps the aspect ratio in every height', () => {
    const slide = toLightboxSlide(item(1), '');
    expect(slide.srcSet.map((image) => image.height)).toEqual([263, 621, 751, 876]);
  });
});
