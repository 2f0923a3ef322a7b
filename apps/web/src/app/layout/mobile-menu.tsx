import { LogIn, LogOut, ShieldCheck, UserPlus, UserRound } from 'lucide-react';
import { useTranslation } from '@/hooks/use-translation';
import { Link, NavLink } from '@/components/link';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/hooks/use-session';
import { requestLogin } from '@/lib/app-events';
import { useUser } from '@/resources/person';
import { useSignupOpen } from '@/resources/public-config';
import { cn } from '@/lib/cn';
import { navItems, onNavClick } from './nav-items';

const itemClass =
  'flex h-11 items-center gap-3 rounded-lg px-3 text-base font-medium transition-colors hover:bg-muted [&_svg]:size-4 [&_svg]:text-muted-foreground';

/** The navigation as a sheet on narrow screens (under 768 px). Loaded on first use. */
export function MobileMenu({
  onClose,
  returnFocusTo,
}: {
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}) {
  const { t } = useTranslation('Navigation');
  const session = useSession();
  const user = useUser();
  const logout = useLogout();
  const signupOpen = useSignupOpen();
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent title={t('menu')} closeLabel={t('closeMenu')} returnFocusTo={returnFocusTo}>
        <nav aria-label={t('mainNavigation')}>
          <ul className="flex flex-col gap-1">
            {navItems.map((item) => (
              <li key={item.id}>
                <NavLink
                  to={item.to}
                  onClick={(event) => onNavClick(item, event, onClose)}
                  className={({ isActive }) =>
                    cn(itemClass, isActive ? 'bg-muted text-foreground' : 'text-muted-foreground')
                  }
                >
                  {t(item.id)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto border-t border-border pt-4">
          {session ? (
            <ul className="flex flex-col gap-1">
              {user.data ? (
                <li className="px-3 pb-2">
                  <p className="truncate text-sm font-semibold">
                    {user.data.firstname} {user.data.lastname}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{user.data.email}</p>
                </li>
              ) : null}
              <li>
                <Link to={paths.profile()} onClick={onClose} className={itemClass}>
                  <UserRound aria-hidden="true" />
                  {t('account')}
                </Link>
              </li>
              {user.data?.isAdmin ? (
                <li>
                  <Link to={paths.admin()} onClick={onClose} className={itemClass}>
                    <ShieldCheck aria-hidden="true" />
                    {t('admin')}
                  </Link>
                </li>
              ) : null}
              <li>
                <button
                  type="button"
                  disabled={logout.isPending}
                  onClick={() => {
                    onClose();
                    logout.mutate();
                  }}
                  className={cn(itemClass, 'w-full text-left')}
                >
                  <LogOut aria-hidden="true" />
                  {t('logout')}
                </button>
              </li>
            </ul>
          ) : (
            <div className="grid gap-2">
              <Button
                className="w-full"
                onClick={() => {
                  onClose();
                  requestLogin();
                }}
              >
                <LogIn aria-hidden="true" />
                {t('login')}
              </Button>
              {signupOpen ? (
                <Button asChild variant="outline" className="w-full">
                  <Link to={paths.signup()} onClick={onClose}>
                    <UserPlus aria-hidden="true" />
                    {t('signup')}
                  </Link>
                </Button>
              ) : null}
            </div>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
