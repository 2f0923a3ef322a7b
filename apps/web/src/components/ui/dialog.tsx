import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { cn } from '@/lib/cn';

// Radix gives focus trapping, Escape, aria wiring and scroll locking; this adds our look.

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Accessible name of the close button (translated by the caller). */
  closeLabel: string;
  /**
   * Where focus goes when the dialog closes. Radix returns it to a DialogTrigger; dialogs
   * opened by an app event have none, so the opener passes the element that had focus.
   */
  returnFocusTo?: HTMLElement | null | undefined;
}

export function DialogContent({
  title,
  description,
  closeLabel,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <ModalContent
      overlayClassName="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]"
      className={cn(
        'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto',
        'rounded-2xl border border-border bg-card p-6 text-foreground shadow-2xl focus-visible:outline-none sm:p-7',
        className,
      )}
      {...(description ? {} : { 'aria-describedby': undefined })}
      {...props}
    >
      <div className="grid gap-1.5 pr-8">
        <RadixDialog.Title className="text-lg leading-snug font-semibold tracking-tight">
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="text-sm text-muted-foreground">
            {description}
          </RadixDialog.Description>
        ) : null}
      </div>
      {children}
      {/* Last in the DOM, so the first field (not "close") gets focus when the dialog opens. */}
      <RadixDialog.Close
        className="absolute top-4 right-4 inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={closeLabel}
      >
        <X aria-hidden="true" className="size-4" />
      </RadixDialog.Close>
    </ModalContent>
  );
}

/** The modal layer of a dialog or a sheet: overlay, content and where focus returns; the caller gives the look. */
export function ModalContent({
  overlayClassName,
  returnFocusTo,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof RadixDialog.Content> & {
  overlayClassName: string;
  returnFocusTo?: HTMLElement | null | undefined;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClassName} />
      <RadixDialog.Content
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented && returnFocusTo?.isConnected) {
            event.preventDefault();
            returnFocusTo.focus();
          }
        }}
        {...props}
      />
    </RadixDialog.Portal>
  );
}

/**
 * Buttons row at the bottom of a dialog: stacked on phones, right-aligned from sm. Always in the
 * order of the markup (Cancel, then the primary action), so what is seen first is what Tab
 * reaches first; on phones the primary action is the lowest, nearest the thumb.
 */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
