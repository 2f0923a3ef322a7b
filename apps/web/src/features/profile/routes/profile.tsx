import type { Person } from '@portal/contract/person';
import { useTranslation } from '@/hooks/use-translation';
import { PageTitle } from '@/components/page-title';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useUser } from '@/resources/person';
import { formatDate } from '@/lib/days';
import { useSession } from '@/hooks/use-session';
import { AvatarUpload } from '../components/avatar-upload';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { EditAccountDialog } from '../components/edit-account-dialog';
import { AccessTokens } from '../components/access-tokens';
import { OwnSessions } from '../components/own-sessions';
import { PrivacyCard } from '../components/privacy-card';
import { TwoFactorCard } from '../components/two-factor';
import { BillingProfileCard } from '@/components/billing/billing-profile-card';
import { SignedOut } from '@/components/signed-out';
import { UserAvatar } from '../components/user-avatar';

/** /profile: nothing is loaded before entry; the user is loaded at start. */
export function ProfileRoute() {
  const { t } = useTranslation('Profile');
  const session = useSession();
  const user = useUser();
  return (
    <div>
      <PageTitle title={t('title')} />
      <h1 className="mb-8 text-3xl font-semibold tracking-tight sm:text-4xl">{t('title')}</h1>
      {!session ? (
        <SignedOut next={paths.profile()} title={t('signedOutTitle')} text={t('signedOutText')} />
      ) : (
        <QueryState query={user} pending={<ProfileSkeleton />}>
          {(data) => <ProfileView user={data} />}
        </QueryState>
      )}
    </div>
  );
}

function ProfileView({ user }: { user: Person }) {
  const { t } = useTranslation(['Profile', 'Form']);
  const name = `${user.firstname} ${user.lastname}`.trim() || user.email;
  const salutation =
    user.salutation === 'm'
      ? t('salutationM', { ns: 'Form' })
      : user.salutation === 'f'
        ? t('salutationF', { ns: 'Form' })
        : '';
  const rows: [string, string][] = [
    [t('salutation', { ns: 'Form' }), salutation],
    [t('firstname', { ns: 'Form' }), user.firstname],
    [t('lastname', { ns: 'Form' }), user.lastname],
    [t('email', { ns: 'Form' }), user.email],
    [t('company', { ns: 'Form' }), user.company],
    [t('place', { ns: 'Form' }), user.place],
    [
      t('language', { ns: 'Form' }),
      user.language === 'en' ? t('languageEn', { ns: 'Form' }) : t('languageDe', { ns: 'Form' }),
    ],
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
      <Card className="flex flex-col items-center gap-5 p-6 text-center sm:flex-row sm:text-left lg:flex-col lg:text-center">
        <UserAvatar user={user} className="size-28 text-3xl" />
        <div className="flex min-w-0 flex-col items-center gap-3 sm:items-start lg:items-center">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold break-words">{name}</h2>
            {user.company ? <p className="text-sm text-muted-foreground">{user.company}</p> : null}
          </div>
          <AvatarUpload user={user} />
        </div>
      </Card>

      <Card className="p-6">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 className="text-lg font-semibold">{t('personalData')}</h2>
          <div className="flex flex-wrap gap-2">
            <EditAccountDialog user={user} />
            <ChangePasswordDialog oid={user.oid} />
          </div>
        </div>
        <dl className="divide-y divide-border">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="break-words">
                {value || <span className="text-muted-foreground">{t('notSet')}</span>}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-muted-foreground">
          {t('lastChanged', { date: formatDate(user.lastModified) })}
        </p>
      </Card>
      <div className="lg:col-start-2">
        <BillingProfileCard oid={user.oid} fallbackEmail={user.email} />
      </div>
      <div className="lg:col-start-2">
        <TwoFactorCard oid={user.oid} />
      </div>
      <OwnSessions oid={user.oid} />
      <AccessTokens oid={user.oid} />
      <div className="lg:col-span-2">
        <PrivacyCard oid={user.oid} />
      </div>
    </div>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation('General');
  return (
    <div role="status" aria-label={t('loading')} className="grid gap-6 lg:grid-cols-[20rem_1fr]">
      <Skeleton className="h-64 rounded-xl" />
      <Skeleton className="h-96 rounded-xl" />
    </div>
  );
}
