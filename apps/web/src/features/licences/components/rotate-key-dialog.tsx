import type { Licence } from '@portal/contract/licence';
import { useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatUntil } from '../utils/format-until';
import { useRotateLicenceKey } from '../api/rotate-licence-key';

export interface RotateKeyDialogProps {
  licence: Licence;
  serviceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from a menu: focus goes back to the menu's button, not to the vanished item. */
  returnFocus?: () => void;
}

/**
 * Asks before a new licence key is issued and says that the current one keeps working for
 * 24 hours; the page shows the new key and code as soon as the dialog closes.
 */
export function RotateKeyDialog({
  licence,
  serviceName,
  open,
  onOpenChange,
  returnFocus,
}: RotateKeyDialogProps) {
  const { t } = useTranslation('Licence');
  const rotate = useRotateLicenceKey();
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setFailed(false);
    try {
      const rotation = await rotate.mutateAsync({ id: licence.id });
      onOpenChange(false);
      toast.success(t('keyRotated', { until: formatUntil(rotation.previousKeyValidUntil) }));
    } catch (error) {
      console.error(error);
      setFailed(true);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailed(false);
        onOpenChange(next);
      }}
      title={t('rotateKeyTitle')}
      description={t('rotateKeyText')}
      subject={`${serviceName} · ${licence.project.name}`}
      confirmLabel={t('rotateKeyConfirm')}
      failedMessage={failed ? t('rotateKeyFailed') : null}
      pending={rotate.isPending}
      onConfirm={() => void confirm()}
      returnFocus={returnFocus}
    />
  );
}
