import type { ServiceSummary } from '@portal/contract/service';
import { useTranslation } from '@/hooks/use-translation';
import { formatPrice } from '@/lib/numbers';

type Prices = Pick<ServiceSummary, 'pricePer1000Calls' | 'monthlyFee' | 'singlePayment'>;

/**
 * What a service costs, as lines of text: only the parts that apply (per 1,000 calls, monthly,
 * one-off); none for a free service. The service page and the add-services picker say the same.
 */
export function useServicePriceLines(service: Prices): string[] {
  const { t } = useTranslation('Card');
  return [
    service.pricePer1000Calls > 0 ? t('pricePer1000Calls', { price: formatPrice(service.pricePer1000Calls) }) : null,
    service.monthlyFee > 0 ? t('monthlyFee', { price: formatPrice(service.monthlyFee) }) : null,
    service.singlePayment > 0 ? t('singlePayment', { price: formatPrice(service.singlePayment) }) : null,
  ].filter((line): line is string => line !== null);
}
