import type { ComponentProps, ReactNode } from 'react';
import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import { cn } from '@/lib/cn';

// A confirmation that interrupts (role="alertdialog"): Radix moves focus to Cancel first, so a
// stray Enter never confirms a destructive action; Escape and the overlay do not dismiss it
// silently either. Same look as dialog.tsx.

export const AlertDialog = RadixAlertDialog.Root;
export const AlertDialogCancel = RadixAlertDialog.Cancel;

export interface AlertDialogContentProps extends Omit<
  ComponentProps<typeof RadixAlertDialog.Content>,
  'title'
> {
  title: ReactNode;
  description: ReactNode;
}

export function AlertDialogContent({
  title,
  description,
  className,
  children,
  ...props
}: AlertDialogContentProps) {
  return (
    <RadixAlertDialog.Portal>
      <RadixAlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]" />
      <RadixAlertDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto',
          'rounded-xl border border-border bg-card p-6 text-foreground shadow-xl focus-visible:outline-none',
          className,
        )}
        {...props}
      >
        <div className="grid gap-2">
          <RadixAlertDialog.Title className="text-lg font-semibold">{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description className="text-sm text-muted-foreground">
            {description}
          </RadixAlertDialog.Description>
        </div>
        {children}
      </RadixAlertDialog.Content>
    </RadixAlertDialog.Portal>
  );
}
