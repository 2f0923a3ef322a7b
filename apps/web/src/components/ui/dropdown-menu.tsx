import type { ComponentProps } from 'react';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import { cn } from '@/lib/cn';
import { SwitchMark } from './switch';

// Radix handles roving focus, arrow keys, typeahead and Escape; this adds our look.

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;
export const DropdownMenuSeparator = (props: ComponentProps<typeof RadixMenu.Separator>) => (
  <RadixMenu.Separator className="my-1 h-px bg-border" {...props} />
);

/**
 * Rendered where the menu's button is, not portalled to the end of <body>: so the open menu
 * stays inside the landmark of its button (banner, main), as every piece of content must
 * (axe's "region" rule). It is positioned as a fixed layer either way.
 */
export function DropdownMenuContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Content
      sideOffset={sideOffset}
      align="end"
      className={cn(
        'z-50 min-w-48 rounded-lg border border-border bg-card p-1 text-foreground shadow-lg',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return (
    <RadixMenu.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none select-none',
        'data-[highlighted]:bg-muted data-[disabled]:opacity-50 [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

/**
 * An on/off entry drawn as a switch (the licence's online state). The item itself is the
 * menuitemcheckbox screen readers announce; the switch is only its picture.
 */
export function DropdownMenuSwitchItem({
  className,
  children,
  ...props
}: ComponentProps<typeof RadixMenu.CheckboxItem>) {
  return (
    <RadixMenu.CheckboxItem
      className={cn(
        'group flex cursor-pointer items-center justify-between gap-4 rounded-md px-2.5 py-2 text-sm outline-none select-none',
        'data-[disabled]:opacity-50 data-[highlighted]:bg-muted',
        className,
      )}
      {...props}
    >
      {children}
      <SwitchMark />
    </RadixMenu.CheckboxItem>
  );
}
