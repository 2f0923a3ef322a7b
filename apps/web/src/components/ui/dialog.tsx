import { X } from 'lucide-react';
import { createContext, useContext, useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from '@/hooks/use-translation';
import { cn } from '@/lib/cn';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from './alert-dialog';
import { Button } from './button';

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

/** How a form tells the dialog around it whether something was typed (useDiscardGuard). */
const DiscardGuardContext = createContext<((dirty: boolean) => void) | null>(null);

/**
 * A form in a dialog calls this with whether anything was typed: a tap beside the dialog or
 * Escape then asks before throwing it away (a stray tap on a phone is easy). Cancel and the
 * close button are deliberate and close at once.
 */
export function useDiscardGuard(dirty: boolean): void {
  const setDirty = useContext(DiscardGuardContext);
  useEffect(() => {
    setDirty?.(dirty);
    return () => setDirty?.(false);
  }, [setDirty, dirty]);
}

export function DialogContent({
  title,
  description,
  closeLabel,
  className,
  children,
  onInteractOutside,
  onEscapeKeyDown,
  ...props
}: DialogContentProps) {
  const { t } = useTranslation('Modal');
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const askFirst = (event: Event) => {
    if (!dirty) return;
    event.preventDefault();
    setAsking(true);
  };
  return (
    <ModalContent
      onInteractOutside={(event) => {
        onInteractOutside?.(event);
        // Focus moving out (e.g. into the question below) is no tap beside the dialog.
        if (event.type === 'dismissableLayer.pointerDownOutside') askFirst(event);
        else if (dirty) event.preventDefault();
      }}
      onEscapeKeyDown={(event) => {
        onEscapeKeyDown?.(event);
        askFirst(event);
      }}
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
      <DiscardGuardContext.Provider value={setDirty}>{children}</DiscardGuardContext.Provider>
      {/* Last in the DOM, so the first field (not "close") gets focus when the dialog opens. */}
      <RadixDialog.Close
        ref={closeButton}
        className="absolute top-4 right-4 inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={closeLabel}
      >
        <X aria-hidden="true" className="size-4" />
      </RadixDialog.Close>
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent title={t('discardTitle')} description={t('discardText')}>
          <DialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline">{t('discardKeep')}</Button>
            </AlertDialogCancel>
            <Button
              onClick={() => {
                setAsking(false);
                closeButton.current?.click();
              }}
            >
              {t('discardConfirm')}
            </Button>
          </DialogFooter>
        </AlertDialogContent>
      </AlertDialog>
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
