import { COUNTRY_CODES } from '@portal/contract/billing/country';
import { useMemo, type ComponentProps } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useLanguage } from '@/hooks/use-language';
import { NativeSelect } from '@/components/ui/native-select';

/** The ISO 3166-1 countries by their names in the reader's language (Intl.DisplayNames), sorted by name. */
function useCountryOptions(): Array<{ code: string; name: string }> {
  const language = useLanguage();
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(language);
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [language]);
}

/** A select of every country; its value is the ISO code. Works with Field and register. */
export function CountrySelect(props: ComponentProps<'select'>) {
  const { t } = useTranslation('Billing');
  const options = useCountryOptions();
  return (
    <NativeSelect autoComplete="country" {...props}>
      <option value="">{t('countryChoose')}</option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </NativeSelect>
  );
}
