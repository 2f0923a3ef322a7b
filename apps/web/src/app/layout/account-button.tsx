import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useSession } from '@/hooks/use-session';
import { requestLogin } from '@/lib/app-events';
import { useUser } from '@/lib/auth';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { preloadLoginDialog } from './app-dialogs';
import { AvatarButton } from './avatar-button';
import { LazyBoundary } from '@/components/lazy-boundary';

const ProfileMenu = lazyWithRetry(() => import('./profile-menu').then((m) => m.ProfileMenu));

/** Spec §2: the login button when signed out, the profile dropdown with initials when signed in. */
export function AccountButton() {
  const { t } = useTranslation('Navigation');
  const session = useSession();
  const user = useUser();
  if (!session) {
    return (
      <Button
        size="sm"
        onClick={() => requestLogin()}
        onPointerEnter={preloadLoginDialog}
        onFocus={preloadLoginDialog}
      >
        {t('login')}
      </Button>
    );
  }
  // Until the menu's chunk is there, the same button (it cannot open anything yet).
  const placeholder = <AvatarButton user={user.data} aria-haspopup="menu" />;
  return (
    <LazyBoundary onError={ProfileMenu.retry} fallback={placeholder}>
      <Suspense fallback={placeholder}>
        <ProfileMenu user={user.data} />
      </Suspense>
    </LazyBoundary>
  );
}
