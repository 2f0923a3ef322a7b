import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { cn } from '@/lib/cn';
import { ModalContent } from './dialog';

// A dialog docked to the right edge (the mobile menu): same focus trap, Escape and scroll lock
// as the centred dialog, a panel that slides in.

export const Sheet = RadixDialog.Root;

export interface SheetContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> {
  title: ReactNode;
  closeLabel: string;
  returnFocusTo?: HTMLElement | null | undefined;
}

export function SheetContent({ title, closeLabel, className, children, ...props }: SheetContentProps) {
  return (
    <ModalContent
      overlayClassName="fixed inset-0 z-50 bg-slate-950/50"
      aria-describedby={undefined}
      className={cn(
        'fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col gap-6 overflow-y-auto',
        'border-l border-border bg-card p-5 text-foreground shadow-2xl focus-visible:outline-none',
        className,
      )}
      {...props}
    >
      <div className="flex items-center justify-between gap-4">
        <RadixDialog.Title className="text-base font-semibold">{title}</RadixDialog.Title>
        <RadixDialog.Close
          className="-mr-1 inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-label={closeLabel}
        >
          <X aria-hidden="true" className="size-5" />
        </RadixDialog.Close>
      </div>
      {children}
    </ModalContent>
  );
}
