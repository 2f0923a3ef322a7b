import { useTranslation } from '@/hooks/use-translation';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * Shown inside the shell while the first route's screen and data load (in-app navigations keep
 * the current screen and show the progress bar instead): the rough shape of a page.
 */
export function PageFallback() {
  const { t } = useTranslation('General');
  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div className="flex flex-col gap-3">
        <Skeleton className="h-10 w-2/3 max-w-md" />
        <Skeleton className="h-5 w-full max-w-2xl" />
      </div>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-48 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
