import { LockKeyhole } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { requestLogin } from '@/lib/app-events';

/**
 * Signed out on a screen that requires a login: the login modal opens once by
 * itself, and this calm panel stays with a button to open it again. After a login the route's
 * loaders run again, so the screen re-renders with its data.
 */
export function SignedOut({ next, title, text }: { next: string; title: string; text: string }) {
  const { t } = useTranslation('Navigation');
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const openLogin = useCallback(
    () => requestLogin({ next, onSuccess: () => void revalidate() }),
    [next, revalidate],
  );

  // Once per visit (the ref survives StrictMode's second effect run). The shell keeps a
  // request made before its listener is subscribed (lib/app-events.ts).
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    openLogin();
  }, [openLogin]);

  return (
    <EmptyState
      media={
        <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
          <LockKeyhole aria-hidden="true" className="size-6" />
        </span>
      }
      title={title}
      actions={<Button onClick={openLogin}>{t('login')}</Button>}
    >
      <p>{text}</p>
    </EmptyState>
  );
}
