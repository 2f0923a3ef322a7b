import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';

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
