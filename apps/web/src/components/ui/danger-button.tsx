import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The confirming button of a destructive action (delete, remove). Same shape as Button's md
 * size; a separate primitive because Button's variants are closed (button.tsx) and class names
 * are not merged (lib/cn.ts). Red 700 / 400 meet AA contrast with their text in both themes.
 */
export function DangerButton({ className, type = 'button', ...props }: ComponentProps<'button'>) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium whitespace-nowrap shadow-sm transition-colors',
        'bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-slate-950 dark:hover:bg-red-300',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}
