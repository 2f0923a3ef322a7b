import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { isNotFoundError } from '@/lib/api-errors';

/** A data area that could not be loaded: says so, with a retry. */
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

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** While the data loads (a skeleton of the area). */
  pending: ReactNode;
  /** When the server says it does not exist (deleted meanwhile, e.g. in another tab). */
  gone?: ReactNode;
  /** Instead of the general "could not be loaded". */
  errorMessage?: string;
  children: (data: T) => ReactNode;
}

/**
 * The three looks of a data area: loading, loaded, failed (with a retry), plus "gone" for a
 * 404 where the screen has something better to say than "failed".
 */
export function QueryState<T>({ query, pending, gone, errorMessage, children }: QueryStateProps<T>) {
  if (query.isPending) return pending;
  if (query.isError) {
    if (gone && isNotFoundError(query.error)) return gone;
    return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
