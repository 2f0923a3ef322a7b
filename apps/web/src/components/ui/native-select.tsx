import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The browser's own <select> with the field look: native keyboard handling, the phone's picker
 * on touch devices, and it works with Field (id, aria-*) and react-hook-form's register. Own
 * classes rather than input.tsx's: a select always matches :read-only, which greys inputs.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'h-10 w-full cursor-pointer appearance-none rounded-lg border border-border bg-background pr-9 pl-3 text-sm text-foreground',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60',
          'aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
