import { useTranslation } from '@/hooks/use-translation';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** What is about to go (a project's or a service's name), shown on its own line. */
  subject: string;
  confirmLabel: string;
  /** Shown (as an alert) when the last attempt failed; the dialog stays open for a retry. */
  failedMessage: string | null;
  pending: boolean;
  onConfirm: () => void;
  /** Opened from a menu: focus goes back to the menu's button, not to the vanished item. */
  returnFocus?: () => void;
}

/** Asks before something is deleted; the caller runs the deletion and closes on success. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  subject,
  confirmLabel,
  failedMessage,
  pending,
  onConfirm,
  returnFocus,
}: ConfirmDialogProps) {
  const { t } = useTranslation('Modal');
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        title={title}
        description={description}
        onCloseAutoFocus={(event) => {
          if (!returnFocus) return;
          event.preventDefault();
          returnFocus();
        }}
      >
        <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium break-words">{subject}</p>
        {failedMessage ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {failedMessage}
          </p>
        ) : null}
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">{t('cancel')}</Button>
          </AlertDialogCancel>
          {/* Not AlertDialogAction: that would close the dialog before the answer is in. */}
          <DangerButton disabled={pending} onClick={onConfirm}>
            {pending ? <Spinner className="size-4" /> : null}
            {confirmLabel}
          </DangerButton>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
