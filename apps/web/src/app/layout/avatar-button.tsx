import type { Person } from '@portal/contract/person';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { initials } from '@/resources/person';
import { cn } from '@/lib/cn';
import { UserRoundIcon } from '@/components/ui/shell-icons';

export interface AvatarButtonProps extends ComponentProps<'button'> {
  /** Undefined while the user loads (or when loading failed). */
  user: Person | undefined;
  /** The user's picture, where loaded (the lazy profile menu loads it): shown instead of the initials. */
  picture?: ReactNode;
}

/** The round button with the user's picture or initials that opens the profile menu. */
export function AvatarButton({ user, picture, className, ...props }: AvatarButtonProps) {
  const { t } = useTranslation('Navigation');
  const letters = user ? initials(user) : '';
  return (
    <button
      type="button"
      aria-label={t('profileMenu')}
      className={cn(
        'inline-flex size-9 shrink-0 items-center overflow-hidden justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground',
        'transition-[filter] hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'data-[state=open]:ring-2 data-[state=open]:ring-primary/30',
        className,
      )}
      {...props}
    >
      {picture ??
        (letters ? (
          <span aria-hidden="true">{letters}</span>
        ) : (
          <UserRoundIcon aria-hidden="true" className="size-4" />
        ))}
    </button>
  );
}
