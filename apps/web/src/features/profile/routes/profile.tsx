import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageTitle } from '@/components/page-title';
import { ErrorState, LoadingState, LoginRequired } from '@/components/query-state';
import { useUser } from '@/lib/auth';
import { formatDate } from '@/lib/format';

/** /profile: nothing is loaded before entry (spec §2); the user is loaded at start. */
export function ProfileRoute() {
  const { t } = useTranslation('Profile');
  const user = useUser();
  return (
    <div>
      <PageTitle title={t('title')} />
      <PageHeader title={t('title')} />
      {user.isPending && user.fetchStatus === 'idle' ? <LoginRequired /> : null}
      {user.isPending && user.fetchStatus !== 'idle' ? <LoadingState /> : null}
      {user.isError ? <ErrorState onRetry={() => void user.refetch()} /> : null}
      {user.data ? (
        <div className="flex flex-col gap-2">
          <p className="text-lg font-semibold">
            {user.data.firstname} {user.data.lastname}
          </p>
          <p className="text-muted-foreground">{user.data.email}</p>
          <p className="text-sm text-muted-foreground">
            {t('lastChanged', { date: formatDate(user.data.lastModified) })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
