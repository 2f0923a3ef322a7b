import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface EmptyStateProps {
  /** A decorative picture or icon (aria-hidden by the caller). */
  media?: ReactNode;
  title: ReactNode;
  /** Heading level of the title within the page. */
  level?: 2 | 3;
  children?: ReactNode;
  /** Buttons or links. */
  actions?: ReactNode;
  className?: string;
}

/** A calm, centred message where content would be: nothing yet, signed out, not allowed. */
export function EmptyState({ media, title, level = 2, children, actions, className }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-4 rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center',
        className,
      )}
    >
      {media}
      <div className="flex max-w-md flex-col gap-2">
        <Heading className="text-lg font-semibold">{title}</Heading>
        {children ? <div className="text-sm text-muted-foreground">{children}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </div>
  );
}
