import type { Person } from '@portal/contract/person';
import { cn } from '@/lib/cn';
import { useAvatar } from '../api/get-avatar';
import { useObjectUrl } from './use-object-url';

export function initialsOf(person: Pick<Person, 'firstname' | 'lastname' | 'email'>): string {
  const initials = `${person.firstname.trim().charAt(0)}${person.lastname.trim().charAt(0)}`;
  return (initials || person.email.charAt(0)).toUpperCase();
}

/** The user's picture, or their initials until there is one (decorative: the name is beside it). */
export function UserAvatar({ user, className }: { user: Person; className?: string }) {
  const avatar = useAvatar(user.avatar);
  const src = useObjectUrl(avatar.data);
  return (
    <span
      className={cn(
        'relative inline-grid shrink-0 place-items-center overflow-hidden rounded-full bg-primary/10 font-semibold text-primary ring-4 ring-card',
        className,
      )}
    >
      {src ? (
        <img src={src} alt="" className="size-full object-cover" data-testid="avatar-image" />
      ) : (
        <span aria-hidden="true">{initialsOf(user)}</span>
      )}
    </span>
  );
}
