import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

/**
 * Placeholder until the auth feature (issue 4): signed out, the login button (it will open the
 * login modal); signed in, the initials linking to the profile (they will open the menu).
 */
export function AccountButton() {
  const { t } = useTranslation('Navigation');
  const user = useUser();
  if (!user.data) {
    return <Button size="sm">{t('login')}</Button>;
  }
  const initials = `${user.data.firstname.charAt(0)}${user.data.lastname.charAt(0)}`.toUpperCase();
  return (
    <Button asChild variant="secondary" size="iconSm" className="rounded-full">
      <Link to={paths.profile()} aria-label={t('account')}>
        {initials || <UserRound />}
      </Link>
    </Button>
  );
}
