import { useTranslation } from '@/hooks/use-translation';
import { Toaster } from 'sonner';
import { useTheme } from '@/hooks/use-theme';

/** Notifications bottom right, shown for 5000 ms (the 200 ms transition is in styles). */
export function AppToaster() {
  const { t } = useTranslation('Notifications');
  const theme = useTheme();
  return (
    <Toaster
      position="bottom-right"
      duration={5000}
      theme={theme}
      closeButton
      containerAriaLabel={t('region')}
      toastOptions={{ closeButtonAriaLabel: t('close') }}
    />
  );
}
