import { cn } from '@/lib/cn';

/**
 * The look of an on/off switch, for a control that is already a checkbox to assistive
 * technology (e.g. a menu's checkbox item): it follows the data-state of the nearest `group`
 * ancestor ('checked' / 'unchecked', as Radix sets it) and is hidden from screen readers.
 */
export function SwitchMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-muted-hover transition-colors',
        'group-data-[state=checked]:bg-primary',
        className,
      )}
    >
      <span className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-[state=checked]:translate-x-5" />
    </span>
  );
}
