import { useTranslation } from '@/hooks/use-translation';
import { cn } from '@/lib/cn';

/**
 * "zzgl. MwSt. / plus VAT": next to every price the portal shows, in the same words everywhere
 * (one text, General.plusVat; docs/domain.md#money). Catalogue and package prices are net prices.
 */
export function NetPriceNote({ className }: { className?: string }) {
  const { t } = useTranslation('General');
  return <span className={cn('text-muted-foreground', className)}>{t('plusVat')}</span>;
}
