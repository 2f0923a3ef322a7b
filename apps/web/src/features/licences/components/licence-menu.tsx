import type { Licence } from '@portal/contract/licence';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import { MoreHorizontal, Trash2 } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { useSetLicenceOnline } from '../api/set-licence-online';

/**
 * The licence's menu: an online/offline switch (a menu checkbox item drawn as a
 * switch) and removing the service (the confirmation is opened by the caller).
 */
export function LicenceMenu({
  licence,
  onRemove,
  buttonRef,
}: {
  licence: Licence;
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
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={buttonRef} variant="outline" size="icon" aria-label={t('menu')}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-56">
        <RadixMenu.CheckboxItem
          checked={licence.online}
          disabled={setOnline.isPending}
          onCheckedChange={(checked) => void toggle(checked)}
          className="flex cursor-pointer items-center justify-between gap-4 rounded-md px-2.5 py-2 text-sm outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted"
        >
          <span className="flex flex-col">
            <span>{t('online')}</span>
            <span className="text-xs text-muted-foreground">
              {licence.online ? t('onlineOn') : t('onlineOff')}
            </span>
          </span>
          {/* Drawn like the Switch primitive; the item itself is the menuitemcheckbox. */}
          <span
            aria-hidden="true"
            className={cn(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
              licence.online ? 'bg-primary' : 'bg-muted-hover',
            )}
          >
            <span
              className={cn(
                'block size-5 rounded-full bg-white shadow transition-transform',
                licence.online ? 'translate-x-5' : 'translate-x-0.5',
              )}
            />
          </span>
        </RadixMenu.CheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          className="text-red-700 data-[highlighted]:text-red-800 dark:text-red-400 dark:data-[highlighted]:text-red-300"
          onSelect={onRemove}
        >
          <Trash2 aria-hidden="true" />
          {t('remove')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
