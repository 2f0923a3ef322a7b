import { useTranslation } from '@/hooks/use-translation';
import { useLanguage } from '@/hooks/use-language';

/** Explains the * of required fields; once per form, above its fields. */
export function RequiredNote() {
  const { t } = useTranslation('Form');
  return <p className="text-xs text-muted-foreground">{t('requiredNote')}</p>;
}

/**
 * Says which required fields are still empty while the submit button waits for them, so a
 * disabled button is never a riddle. The button points here with aria-describedby.
 */
export function MissingFields({ id, labels }: { id: string; labels: readonly string[] }) {
  const { t } = useTranslation('Form');
  const language = useLanguage();
  if (labels.length === 0) return null;
  const fields = new Intl.ListFormat(language, { type: 'conjunction' }).format(labels);
  return (
    <p id={id} aria-live="polite" className="text-sm text-muted-foreground sm:text-right">
      {t('missingFields', { fields })}
    </p>
  );
}
