import { MoreHorizontal } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/**
 * The "more" button (an outline icon button) and the menu of actions it opens for the thing on
 * the screen. Not modal: the dialogs its items open take over focus themselves.
 */
export function MoreActionsMenu({
  label,
  buttonRef,
  contentClassName,
  children,
}: {
  /** Accessible name of the button (translated by the caller). */
  label: string;
  /** For giving focus back to the button when a dialog opened from the menu closes. */
  buttonRef?: Ref<HTMLButtonElement>;
  /** E.g. a minimum width for items with a second line. */
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={buttonRef} variant="outline" size="icon" aria-label={label}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className={contentClassName}>{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
