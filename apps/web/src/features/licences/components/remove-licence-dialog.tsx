import type { Licence } from '@portal/contract/licence';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { licenceQueryOptions } from '@/resources/licences';
import { useRemoveLicence } from '../api/remove-licence';

export interface RemoveLicenceDialogProps {
  licence: Licence;
  serviceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from a menu: focus goes back to the menu's button, not to the vanished item. */
  returnFocus?: () => void;
}

/** Removing a service returns to the project with a notice. */
export function RemoveLicenceDialog({
  licence,
  serviceName,
  open,
  onOpenChange,
  returnFocus,
}: RemoveLicenceDialogProps) {
  const { t } = useTranslation(['Licence', 'Modal', 'Notifications']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const removeLicence = useRemoveLicence();
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setFailed(false);
    try {
      await removeLicence.mutateAsync({ projectId: licence.project.id, licenceId: licence.id });
    } catch (error) {
      console.error(error);
      setFailed(true);
      return;
    }
    onOpenChange(false);
    toast.success(t('serviceRemoved', { ns: 'Notifications' }));
    await navigate(paths.project(licence.project.name, licence.project.id));
    // Gone for good: Back to its address must not show it from the cache.
    queryClient.removeQueries({ queryKey: licenceQueryOptions(licence.id).queryKey });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('removeServiceTitle', { ns: 'Modal' })}
      description={t('removeServiceText', { ns: 'Modal' })}
      subject={serviceName}
      confirmLabel={t('remove')}
      failedMessage={failed ? t('removeFailed') : null}
      pending={removeLicence.isPending}
      onConfirm={() => void confirm()}
      returnFocus={returnFocus}
    />
  );
}
