import { useTranslation } from '@/hooks/use-translation';
import { Outlet, ScrollRestoration } from 'react-router';
import { AppDialogs } from './app-dialogs';
import { Footer } from './footer';
import { NavigationProgress } from './navigation-progress';
import { OfflineGate } from './offline-gate';
import { TopBar } from './top-bar';

/** The shell around every screen. */
export function RootLayout() {
  const { t } = useTranslation('Navigation');
  return (
    <OfflineGate>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-2 focus:outline-ring"
      >
        {t('skipToContent')}
      </a>
      <NavigationProgress />
      <div className="flex min-h-dvh flex-col">
        <TopBar />
        {/* At least a screen high (minus the 4rem top bar): the footer starts below the fold, so
            a page whose content arrives a moment later never pushes it around (layout shift). */}
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-6xl flex-1 px-4 pt-8 focus:outline-none sm:px-6 sm:pt-12"
        >
          <Outlet />
        </main>
        <Footer />
      </div>
      {/* Login and contact modals, opened by app events from anywhere (lib/app-events). */}
      <AppDialogs />
      {/* Scroll to top on navigation, saved position restored on back. */}
      <ScrollRestoration />
    </OfflineGate>
  );
}
