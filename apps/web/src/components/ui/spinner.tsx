import { cn } from '@/lib/cn';

/** A decorative spinner; pair it with text (visible or sr-only) that says what is loading. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-5 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none',
        className,
      )}
    />
  );
}
