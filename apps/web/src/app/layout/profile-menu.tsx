import type { Person } from '@portal/contract/person';
import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useAvatar } from '@/features/profile/api/get-avatar';
import { useObjectUrl } from '@/features/profile/components/use-object-url';
import { AvatarButton } from './avatar-button';

/**
 * The profile dropdown of a signed-in user: Account, Admin (admins only), Logout.
 * Loaded lazily: visitors (the first-load budget) never need Radix' menu and its positioning.
 */
export function ProfileMenu({
  user,
  defaultOpen = false,
}: {
  user: Person | undefined;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation('Navigation');
  const logout = useLogout();
  // The same cached picture as the profile page's: a new upload (a new versioned URL in the
  // user) shows here at once.
  const picture = useObjectUrl(useAvatar(user?.avatar ?? null).data);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AvatarButton
          user={user}
          picture={
            picture ? (
              <img src={picture} alt="" className="size-full object-cover" data-testid="top-bar-avatar" />
            ) : undefined
          }
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        {user ? (
          <div className="px-2.5 pt-1.5 pb-2">
            <p className="truncate text-sm font-semibold">
              {user.firstname} {user.lastname}
            </p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        ) : null}
        {user ? <DropdownMenuSeparator /> : null}
        <DropdownMenuItem asChild>
          <Link to={paths.profile()}>
            <UserRound aria-hidden="true" />
            {t('account')}
          </Link>
        </DropdownMenuItem>
        {user?.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to={paths.admin()}>
              <ShieldCheck aria-hidden="true" />
              {t('admin')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          {t('logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
