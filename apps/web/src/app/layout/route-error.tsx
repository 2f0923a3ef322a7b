import { useEffect } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useRouteError } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';

function ErrorPanel() {
  const { t } = useTranslation('Error');
  const error = useRouteError();
  // Failures go to the console; the panel only says that something went wrong.
  useEffect(() => console.error(error), [error]);
  return (
    <div role="alert" className="flex flex-col items-start gap-4 py-12">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
      <p className="max-w-xl text-muted-foreground">{t('pageLoadFailed')}</p>
      <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
    </div>
  );
}

/**
 * A screen that could not be entered (first load or back/forward, see app/preload.ts) or that
 * failed while rendering; shown inside the shell.
 */
export function RouteError() {
  return <ErrorPanel />;
}

/** The shell itself failed: the same panel without it. */
export function RootError() {
  return (
    <main className="mx-auto max-w-6xl px-4 sm:px-6">
      <ErrorPanel />
    </main>
  );
}
