import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A data area shows loading, success or error. These are the loading and error looks. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('General');
  return (
    <div role="status" className="flex items-center gap-3 py-12 text-muted-foreground">
      <Spinner />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation(['Error', 'General']);
  return (
    <div role="alert" className="flex flex-col items-start gap-4 rounded-xl border border-border bg-card p-6">
      <p>{message ?? t('dataLoadFailed', { ns: 'Error' })}</p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          {t('retry', { ns: 'General' })}
        </Button>
      ) : null}
    </div>
  );
}

/** Shown by screens that need a signed-in user while nobody is signed in. */
export function LoginRequired() {
  const { t } = useTranslation('General');
  return (
    <div className="rounded-xl border border-border bg-card p-6">
      <p>{t('loginRequired')}</p>
    </div>
  );
}
