import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/logo';
import { brandName } from '@/config/brand';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { AccountButton } from './account-button';
import { ThemeToggle } from './theme-toggle';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-2 text-sm font-medium transition-colors hover:bg-muted sm:px-3',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

/** Logo, Services, Projects, theme and account (spec §2 "Navigation"). */
export function TopBar() {
  const { t } = useTranslation('Navigation');
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-4 sm:gap-4 sm:px-6">
        <Link
          to={paths.services()}
          className="mr-1 flex shrink-0 items-center gap-2 rounded-md font-semibold sm:mr-2"
        >
          <Logo className="size-8" />
          <span className="hidden sm:inline">{brandName}</span>
          <span className="sr-only sm:hidden">{brandName}</span>
        </Link>
        <nav aria-label={t('mainNavigation')} className="flex items-center gap-1">
          <NavLink to={paths.services()} className={navLinkClass}>
            {t('services')}
          </NavLink>
          <NavLink to={paths.projects()} className={navLinkClass}>
            {t('projects')}
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
          <ThemeToggle />
          <AccountButton />
        </div>
      </div>
    </header>
  );
}
