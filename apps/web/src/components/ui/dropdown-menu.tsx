import type { ComponentProps } from 'react';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import { cn } from '@/lib/cn';

// Radix handles roving focus, arrow keys, typeahead and Escape; this adds our look.

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;
export const DropdownMenuSeparator = (props: ComponentProps<typeof RadixMenu.Separator>) => (
  <RadixMenu.Separator className="my-1 h-px bg-border" {...props} />
);

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        sideOffset={sideOffset}
        align="end"
        className={cn(
          'z-50 min-w-48 rounded-lg border border-border bg-card p-1 text-foreground shadow-lg',
          className,
        )}
        {...props}
      />
    </RadixMenu.Portal>
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
