import { useEffect } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useBlocker } from 'react-router';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/**
 * Warns before leaving a form with unsaved changes (docs/admin.md#forms): an in-app navigation
 * asks in a dialog, closing or reloading the tab asks through the browser.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('Admin');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <AlertDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <AlertDialogContent title={t('unsavedTitle')} description={t('unsavedText')}>
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">{t('unsavedStay')}</Button>
          </AlertDialogCancel>
          <Button onClick={() => blocker.proceed?.()}>{t('unsavedLeave')}</Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
