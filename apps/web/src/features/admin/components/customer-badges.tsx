import { useTranslation } from '@/hooks/use-translation';
import { Badge } from '@/components/ui/badge';

/** A customer's state in words (never by colour alone): admin, disabled, unverified, or active. */
export function CustomerBadges({ person }: { person: { isAdmin: boolean; disabled: boolean; verified: boolean } }) {
  const { t } = useTranslation('AdminCustomers');
  return (
    <span className="flex flex-wrap gap-1">
      {person.isAdmin ? <Badge tone="accent">{t('stateAdmin')}</Badge> : null}
      {person.disabled ? <Badge tone="warning">{t('stateDisabled')}</Badge> : null}
      {!person.verified && !person.disabled ? <Badge>{t('stateUnverified')}</Badge> : null}
      {!person.disabled && person.verified && !person.isAdmin ? <Badge tone="success">{t('stateActive')}</Badge> : null}
    </span>
  );
}

/** First and last name, or a placeholder for invited people without one. */
export function customerName(person: { firstname: string; lastname: string }, unnamed: string): string {
  return `${person.firstname} ${person.lastname}`.trim() || unnamed;
}
