import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/hooks/use-theme';
import { setTheme } from '@/lib/theme';
import { MoonIcon, SunIcon } from '@/components/ui/shell-icons';

export function ThemeToggle() {
  const { t } = useTranslation('Navigation');
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="iconSm"
      aria-label={next === 'dark' ? t('themeDark') : t('themeLight')}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
