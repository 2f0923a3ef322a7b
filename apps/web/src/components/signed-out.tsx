import { LockKeyhole } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useRevalidator } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { requestLogin } from '@/lib/app-events';

/**
 * Signed out on a screen that requires a login: a calm panel with a button that opens the login
 * modal (the modal opens by itself only when the screen is entered signed out, see
 * app/preload.ts). After a login the route's loaders run again, so the screen shows its data.
 */
export function SignedOut({ next, title, text }: { next: string; title: string; text: string }) {
  const { t } = useTranslation('Navigation');
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const openLogin = useCallback(
    () => requestLogin({ next, onSuccess: () => void revalidate() }),
    [next, revalidate],
  );

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
