import { useEffect, useRef } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import Lightbox from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import './gallery-lightbox.css';
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
  useTabStaysInLightbox();
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

/**
 * Tab and Shift+Tab go round the lightbox's buttons. The library makes the page behind inert
 * but lets Tab leave the last button for the browser's <body>, where its own keys (Escape, the
 * arrows, which listen on the lightbox) no longer arrive.
 */
function useTabStaysInLightbox(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const root = document.querySelector('.yarl__root');
      if (!root) return;
      const stops = Array.from(root.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'));
      if (stops.length === 0) return;
      const at = stops.indexOf(document.activeElement as HTMLButtonElement);
      const last = stops.length - 1;
      // Outside the buttons (the lightbox itself has focus when it opens, or <body>): the ends.
      const wrapTo = event.shiftKey
        ? at <= 0
          ? stops[last]
          : null
        : at === -1 || at === last
          ? stops[0]
          : null;
      if (!wrapTo) return;
      event.preventDefault();
      wrapTo.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
