import type { ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Dialog, DialogContent } from '@/components/ui/dialog';

export interface ProjectMenuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from a menu: focus goes back to the menu's button, not to the vanished item. */
  returnFocus?: () => void;
}

/** A wide dialog opened from the project's menu (settings, sharing). */
export function ProjectMenuDialog({
  open,
  onOpenChange,
  returnFocus,
  title,
  description,
  children,
}: ProjectMenuDialogProps & { title: string; description?: string; children: ReactNode }) {
  const { t } = useTranslation('Modal');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        closeLabel={t('close')}
        className="sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          if (!returnFocus) return;
          event.preventDefault();
          returnFocus();
        }}
      >
        {children}
      </DialogContent>
    </Dialog>
  );
}
