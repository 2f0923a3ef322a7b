import { Suspense, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/hooks/use-hydrated';
import { useSession } from '@/hooks/use-session';
import { requestLogin } from '@/lib/app-events';
import { paths } from '@/config/paths';
import { useUser } from '@/resources/person';
import { useSignupOpen } from '@/resources/public-config';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { preloadLoginDialog } from './app-dialogs';
import { AvatarButton } from './avatar-button';
import { LazyBoundary } from '@/components/lazy-boundary';
import { onDemand } from '../load-on-demand';

const ProfileMenu = lazyWithRetry(() =>
  onDemand()
    .then((m) => m.profileMenu())
    .then((m) => m.ProfileMenu),
);

/**
 * Sign-up (while open) and login when signed out, the profile dropdown with initials when signed
 * in.
 */
export function AccountButton() {
  const { t } = useTranslation('Navigation');
  const session = useSession();
  const user = useUser();
  const signupOpen = useSignupOpen();
  // Until the app has taken a server-rendered page over, a click would be lost.
  const hydrated = useHydrated();
  // A click on the button before the menu's chunk has arrived is remembered (for this session
  // only, so a later sign-in starts closed): the menu opens as soon as it is there.
  const [openRequestedBy, setOpenRequestedBy] = useState<string | null>(null);
  if (!session) {
    return (
      <>
        {/* Under 640 px the mobile menu has the sign-up entry: the bar keeps room for the brand. */}
        {signupOpen ? (
          // The wrapper hides it: the button's own display class would win over `hidden`.
          <span className="hidden sm:contents">
            <Button asChild size="sm" variant="ghost">
              <Link to={paths.signup()}>{t('signup')}</Link>
            </Button>
          </span>
        ) : null}
        <Button
          size="sm"
          disabled={!hydrated}
          onClick={() => requestLogin()}
          onPointerEnter={preloadLoginDialog}
          onFocus={preloadLoginDialog}
        >
          {t('login')}
        </Button>
      </>
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
