import { useEffect, useRef } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Outlet, useLocation } from 'react-router';
import { NavLink } from '@/components/link';
import { cn } from '@/lib/cn';
import { useUser } from '@/resources/person';
import { adminNav } from '../admin-nav';

/**
 * The frame of every admin screen: the side navigation (a scrolling row of tabs on narrow
 * screens) beside the area's screen. Only an admin sees the navigation; for anyone else the
 * screen shows its signed-out or not-allowed panel (the server answers 403 anyway).
 */
export function AdminShellRoute() {
  const user = useUser();
  if (!user.data?.isAdmin) return <Outlet />;
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:gap-10">
      <AdminSideNav />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

function AdminSideNav() {
  const { t } = useTranslation('Admin');
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On phones the row of tabs scrolls sideways: keep the current area's tab in view.
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = list.current;
    if (!current || !row || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label={t('navLabel')} className="-mx-4 shrink-0 sm:mx-0 lg:w-52">
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase lg:block">
        {t('navLabel')}
      </p>
      <ul ref={list} className="relative flex gap-1 overflow-x-auto px-4 pb-1 sm:px-0 lg:sticky lg:top-24 lg:flex-col lg:overflow-visible">
        {adminNav.map((entry) => (
          <li key={entry.id} className="shrink-0">
            <NavLink
              to={entry.to}
              end={entry.end}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  isActive
                    ? 'bg-primary/10 text-foreground ring-1 ring-primary/30'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )
              }
            >
              <entry.icon aria-hidden="true" className="size-4 shrink-0" />
              {t(entry.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
