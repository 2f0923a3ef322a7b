import { useTranslation } from '@/hooks/use-translation';
import type { Namespace } from '@/lib/i18n-namespaces';
import { cn } from '@/lib/cn';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { AppDialogs } from './app-dialogs';
import { Footer } from './footer';
import { NavigationProgress } from './navigation-progress';
import { OfflineGate } from './offline-gate';
import { TopBar } from './top-bar';

/** What a screen route tells the shell (the route's `handle`, set in app/router.tsx). */
export interface ScreenHandle {
  namespaces: readonly Namespace[];
  /** A screen of the signed-in user's data: the app's compact footer, not the marketing one. */
  signIn?: true;
  /** The full width of the window (the admin console: side navigation beside wide tables). */
  wide?: true;
}

function useScreenHandles() {
  const handles = useMatches().map((match) => match.handle as Partial<ScreenHandle> | undefined);
  return {
    signedIn: handles.some((handle) => handle?.signIn),
    wide: handles.some((handle) => handle?.wide),
  };
}

/** The shell around every screen. */
export function RootLayout() {
  const { t } = useTranslation('Navigation');
  const { signedIn, wide } = useScreenHandles();
  return (
    <OfflineGate>
      {/* When focused, a bar of its own above the top bar: it covers nothing (not the logo). */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:block focus:bg-primary focus:px-4 focus:py-2 focus:text-center focus:text-sm focus:font-medium focus:text-primary-foreground focus:underline focus:outline-none"
      >
        {t('skipToContent')}
      </a>
      <NavigationProgress />
      <div className="flex min-h-dvh flex-col">
        <TopBar wide={wide} />
        {/* At least a screen high (minus the 4rem top bar): the footer starts below the fold, so
            a page whose content arrives a moment later never pushes it around (layout shift). */}
        <main
          id="main"
          tabIndex={-1}
          className={cn(
            'mx-auto min-h-[calc(100dvh-4rem)] w-full flex-1 px-4 pt-8 focus:outline-none sm:px-6 sm:pt-12',
            wide ? 'max-w-screen-2xl' : 'max-w-6xl',
          )}
        >
          <Outlet />
        </main>
        <Footer compact={signedIn} wide={wide} />
      </div>
      {/* Login and contact modals, opened by app events from anywhere (lib/app-events). */}
      <AppDialogs />
      {/* Scroll to top on navigation, saved position restored on back. */}
      <ScrollRestoration />
    </OfflineGate>
  );
}
