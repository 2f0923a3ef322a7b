import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { WifiOffIcon } from '@/components/ui/shell-icons';

/**
 * Spec §1/§4: offline, a full-page message replaces the content. The app stays mounted (hidden
 * and inert) so that nothing typed is lost and it reappears as it was when the browser is back
 * online. The texts are in the start namespace General, so they are there before going offline.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const online = useOnlineStatus();
  const { t } = useTranslation('General');
  return (
    <>
      {online ? null : (
        <div
          role="alert"
          className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 bg-background p-6 text-center"
        >
          <WifiOffIcon aria-hidden="true" className="size-12 text-muted-foreground" />
          <h1 className="text-2xl font-semibold">{t('offlineTitle')}</h1>
          <p className="max-w-md text-muted-foreground">{t('offlineText')}</p>
        </div>
      )}
      <div hidden={!online} inert={!online}>
        {children}
      </div>
    </>
  );
}
