import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useSession } from '@/hooks/use-session';
import { requestLogin } from '@/lib/app-events';
import { useUser } from '@/resources/person';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { preloadLoginDialog } from './app-dialogs';
import { AvatarButton } from './avatar-button';
import { LazyBoundary } from '@/components/lazy-boundary';

const ProfileMenu = lazyWithRetry(() => import('./profile-menu').then((m) => m.ProfileMenu));

/** The login button when signed out, the profile dropdown with initials when signed in. */
export function AccountButton() {
  const { t } = useTranslation('Navigation');
  const session = useSession();
  const user = useUser();
  // A click on the button before the menu's chunk has arrived is remembered (for this session
  // only, so a later sign-in starts closed): the menu opens as soon as it is there.
  const [openRequestedBy, setOpenRequestedBy] = useState<string | null>(null);
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
  // Until the menu's chunk is there, the same button.
  const placeholder = (
    <AvatarButton user={user.data} aria-haspopup="menu" onClick={() => setOpenRequestedBy(session.token)} />
  );
  return (
    <LazyBoundary onError={ProfileMenu.retry} fallback={placeholder}>
      <Suspense fallback={placeholder}>
        <ProfileMenu user={user.data} defaultOpen={openRequestedBy === session.token} />
      </Suspense>
    </LazyBoundary>
  );
}
