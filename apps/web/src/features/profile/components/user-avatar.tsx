import type { Person } from '@portal/contract/person';
import { cn } from '@/lib/cn';
import { initials } from '@/resources/person';
import { useAvatar } from '../api/get-avatar';
import { useObjectUrl } from './use-object-url';

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
        <span aria-hidden="true">{initials(user)}</span>
      )}
    </span>
  );
}
