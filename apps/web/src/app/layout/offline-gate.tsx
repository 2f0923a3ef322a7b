import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/hooks/use-translation';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { WifiOffIcon } from '@/components/ui/shell-icons';

/**
 * Offline, a full-page message replaces the content. The app stays mounted so that
 * nothing typed is lost and it reappears as it was (scroll position too) when the browser is
 * back online. Everything else in the page is hidden and inert meanwhile, open dialogs, the
 * lightbox and toasts included: they live in portals beside the app's element, not inside it.
 * The texts are in the start namespace General, so they are there before going offline.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const online = useOnlineStatus();
  return (
    <>
      {online ? null : <OfflineMessage />}
      {children}
    </>
  );
}

function OfflineMessage() {
  const { t } = useTranslation('General');
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scrollY = window.scrollY;
    const others = Array.from(document.body.children).filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && element !== message.current && !element.hidden,
    );
    for (const element of others) {
      element.hidden = true;
      element.inert = true;
    }
    return () => {
      for (const element of others) {
        element.hidden = false;
        element.inert = false;
      }
      window.scrollTo(0, scrollY);
    };
  }, []);
  return createPortal(
    <div
      ref={message}
      role="alert"
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 bg-background p-6 text-center"
    >
      <WifiOffIcon aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">{t('offlineTitle')}</h1>
      <p className="max-w-md text-muted-foreground">{t('offlineText')}</p>
    </div>,
    document.body,
  );
}
