import { Suspense, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Link, NavLink } from '@/components/link';
import { Logo } from '@/components/logo';
import { brandName } from '@/config/brand';
import { paths } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { AccountButton } from './account-button';
import { LazyBoundary } from '@/components/lazy-boundary';
import { navItems, onNavClick } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { MenuIcon } from '@/components/ui/shell-icons';
import { onDemand } from '../load-on-demand';

const loadMobileMenu = () => onDemand().then((m) => m.mobileMenu());
const MobileMenu = lazyWithRetry(() => loadMobileMenu().then((m) => m.MobileMenu));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive
      ? 'text-foreground after:absolute after:inset-x-3 after:-bottom-[13px] after:h-0.5 after:rounded-full after:bg-primary'
      : 'text-muted-foreground',
  );

/**
 * Logo, Services, Projects, theme, login or profile menu; a sheet under 768 px. `wide`: as wide
 * as the admin console below it.
 */
export function TopBar({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation('Navigation');
  // The menu button while the sheet is open (focus returns to it), null while closed.
  const [menuOpener, setMenuOpener] = useState<HTMLElement | null>(null);
  // Until the app has taken a server-rendered page over, a click would be lost.
  const hydrated = useHydrated();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div
        className={`mx-auto flex h-16 ${wide ? 'max-w-screen-2xl' : 'max-w-6xl'} items-center gap-2 px-3 min-[380px]:px-4 sm:px-6`}
      >
        <Link
          to={paths.services()}
          className="mr-1 flex shrink-0 items-center gap-2 rounded-md font-semibold md:mr-6"
        >
          <Logo className="size-8" />
          <span className="tracking-tight">{brandName}</span>
        </Link>
        <nav aria-label={t('mainNavigation')} className="hidden items-center gap-1 md:flex">
          {navItems.map((item) => (
            <NavLink
              key={item.id}
              to={item.to}
              className={navLinkClass}
              onClick={(event) => onNavClick(item, event)}
            >
              {t(item.id)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <AccountButton />
          <button
            type="button"
            aria-label={t('openMenu')}
            aria-haspopup="dialog"
            aria-expanded={menuOpener !== null}
            disabled={!hydrated}
            onPointerEnter={() => void loadMobileMenu().catch(() => undefined)}
            onClick={(event) => setMenuOpener(event.currentTarget)}
            className="-mr-1 inline-flex size-10 items-center justify-center rounded-lg text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:hidden"
          >
            <MenuIcon aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      {menuOpener ? (
        <LazyBoundary
          onError={() => {
            MobileMenu.retry();
            setMenuOpener(null);
          }}
        >
          <Suspense fallback={null}>
            <MobileMenu onClose={() => setMenuOpener(null)} returnFocusTo={menuOpener} />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </header>
  );
}
