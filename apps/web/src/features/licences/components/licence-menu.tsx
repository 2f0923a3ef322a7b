import type { Licence } from '@portal/contract/licence';
import { KeyRound, Trash2 } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { MoreActionsMenu } from '@/components/more-actions-menu';
import {
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuSwitchItem,
} from '@/components/ui/dropdown-menu';
import { useSetLicenceOnline } from '../api/set-licence-online';

/**
 * The licence's menu: an online/offline switch (a menu checkbox item drawn as a
 * switch), rotating the key and removing the service (the confirmations are opened by the
 * caller).
 */
export function LicenceMenu({
  licence,
  onRotateKey,
  onRemove,
  buttonRef,
}: {
  licence: Licence;
  onRotateKey: () => void;
  onRemove: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation(['Licence', 'Notifications', 'Error']);
  const setOnline = useSetLicenceOnline();

  const toggle = async (online: boolean) => {
    try {
      await setOnline.mutateAsync({ id: licence.id, online });
      toast.success(t(online ? 'serviceActivated' : 'serviceDeactivated', { ns: 'Notifications' }));
    } catch (error) {
      console.error(error);
      toast.error(t('generic', { ns: 'Error' }));
    }
  };

  return (
    <MoreActionsMenu label={t('menu')} buttonRef={buttonRef} contentClassName="min-w-56">
      <DropdownMenuSwitchItem
        checked={licence.online}
        disabled={setOnline.isPending}
        onCheckedChange={(checked) => void toggle(checked)}
      >
        <span className="flex flex-col">
          <span>{t('online')}</span>
          <span className="text-xs text-muted-foreground">
            {licence.online ? t('onlineOn') : t('onlineOff')}
          </span>
        </span>
      </DropdownMenuSwitchItem>
      <DropdownMenuItem onSelect={onRotateKey}>
        <KeyRound aria-hidden="true" />
        {t('rotateKey')}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        className="text-red-700 data-[highlighted]:text-red-800 dark:text-red-400 dark:data-[highlighted]:text-red-300"
        onSelect={onRemove}
      >
        <Trash2 aria-hidden="true" />
        {t('remove')}
      </DropdownMenuItem>
    </MoreActionsMenu>
  );
}
