import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/**
 * A button that opens a dialog with a form. The form is mounted only while the dialog is open,
 * so closing it leaves nothing typed behind; it calls `close` when it is done.
 */
export function FormDialog({
  trigger,
  title,
  className,
  children,
}: {
  /** The label of the button. */
  trigger: string;
  title: string;
  className: string;
  children: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation('Modal');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">{trigger}</Button>
      </DialogTrigger>
      <DialogContent title={title} closeLabel={t('close')} className={className}>
        {children(() => setOpen(false))}
      </DialogContent>
    </Dialog>
  );
}

/** The buttons under a form in a dialog: Cancel closes the dialog; the submit button spins while it sends. */
export function FormDialogFooter({ submitLabel, pending }: { submitLabel: string; pending: boolean }) {
  const { t } = useTranslation('Modal');
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">{t('cancel')}</Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner className="size-4" /> : null}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
