import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/hooks/use-hydrated';
import { useTheme } from '@/hooks/use-theme';
import { setTheme } from '@/lib/theme';
import { MoonIcon, SunIcon } from '@/components/ui/shell-icons';

export function ThemeToggle() {
  const { t } = useTranslation('Navigation');
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  // Until the app has taken a server-rendered page over, a click would be lost.
  const hydrated = useHydrated();
  return (
    <Button
      variant="ghost"
      size="iconSm"
      disabled={!hydrated}
      aria-label={next === 'dark' ? t('themeDark') : t('themeLight')}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
