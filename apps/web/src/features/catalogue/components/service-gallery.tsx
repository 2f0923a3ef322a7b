import type { GalleryItem } from '@portal/contract/service';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { LazyBoundary } from '@/components/lazy-boundary';
import { useHydrated } from '@/hooks/use-hydrated';
import { useLanguage } from '@/hooks/use-language';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { localized } from '@/lib/localized';
import { galleryPreview, moreLabel, toLightboxSlide } from '../utils/gallery';

const loadLightbox = () => import('./gallery-lightbox');
const GalleryLightbox = lazyWithRetry(() => loadLightbox().then((m) => m.GalleryLightbox));

/** 4 thumbnails, a '+N' counter for the rest, and the lightbox on click. */
export function ServiceGallery({ items, labelledBy }: { items: readonly GalleryItem[]; labelledBy: string }) {
  const { t } = useTranslation('ServiceDetail');
  const language = useLanguage();
  const [open, setOpen] = useState<number | null>(null);
  // A thumbnail opens the lightbox only once the app has taken the server-rendered page over.
  const hydrated = useHydrated();
  const thumbnails = useRef<Array<HTMLButtonElement | null>>([]);
  const { shown, more } = galleryPreview(items);
  const slides = items.map((item) => toLightboxSlide(item, localized(item.name, language)));

  const close = (viewed: number) => {
    setOpen(null);
    // Back to the thumbnail of the image last seen, or to the '+N' one for a hidden image.
    const target = thumbnails.current[Math.min(viewed, shown.length - 1)];
    requestAnimationFrame(() => target?.focus());
  };

  return (
    <>
      <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        {shown.map((item, index) => {
          const last = index === shown.length - 1 && more > 0;
          return (
            <li key={item.key}>
              <button
                ref={(element) => {
                  thumbnails.current[index] = element;
                }}
                type="button"
                disabled={!hydrated}
                onClick={() => setOpen(index)}
                onPointerEnter={() => void loadLightbox().catch(() => undefined)}
                aria-label={t('openImage', { index: index + 1, total: items.length })}
                className="group relative block w-full overflow-hidden rounded-xl border border-border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <img
                  src={item.sizes.xs}
                  srcSet={`${item.sizes.xs} 200w, ${item.sizes.sm} 421w`}
                  sizes="(min-width: 1024px) 280px, (min-width: 640px) 25vw, 50vw"
                  alt=""
                  width={200}
                  height={125}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[8/5] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none dark:brightness-[0.82]"
                />
                {last ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-0 flex items-center justify-center bg-slate-950/60 text-2xl font-semibold text-white"
                  >
                    {moreLabel(more)}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {open !== null ? (
        <LazyBoundary
          onError={() => {
            GalleryLightbox.retry();
            setOpen(null);
          }}
        >
          <Suspense fallback={null}>
            <GalleryLightbox slides={slides} index={open} onClose={close} />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </>
  );
}
