import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Lightbox from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import type { LightboxSlide } from '../utils/gallery';

export interface GalleryLightboxProps {
  slides: LightboxSlide[];
  index: number;
  onClose: (index: number) => void;
}

/**
 * The lightbox, loaded on the first click on a thumbnail. It goes round at both
 * ends (finite: false), arrow keys and Escape work, and each slide carries a srcset of the
 * widths 421, 993, 1201 and 1401.
 */
export function GalleryLightbox({ slides, index, onClose }: GalleryLightboxProps) {
  const { t } = useTranslation('ServiceDetail');
  // The image on view when the lightbox closes: focus returns to its thumbnail if shown.
  const current = useRef(index);
  return (
    <Lightbox
      open
      index={index}
      slides={slides}
      close={() => onClose(current.current)}
      on={{ view: ({ index: viewed }) => void (current.current = viewed) }}
      plugins={[Counter]}
      carousel={{ finite: false, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      labels={{
        Lightbox: t('lightboxLabel'),
        'Photo gallery': t('lightboxLabel'),
        Carousel: t('lightboxCarousel'),
        Slide: t('lightboxSlide'),
        Previous: t('lightboxPrevious'),
        Next: t('lightboxNext'),
        Close: t('lightboxClose'),
        '{index} of {total}': t('lightboxPosition'),
      }}
    />
  );
}
