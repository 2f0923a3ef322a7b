import { useEffect, useRef, type ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/**
 * The frame of the account screens (sign-up, forgotten and new password, e-mail confirmation):
 * one card in the middle, the title as the screen's h1, a lead under it.
 */
export function AccountScreen({
  title,
  lead,
  wide = false,
  focusTitle = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  /** The sign-up form has two columns from 640 px on. */
  wide?: boolean;
  /**
   * For a view that replaces another on the same screen (a form's outcome): focus moves to its
   * title, so keyboard and screen reader users start reading there.
   */
  focusTitle?: boolean;
  children?: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  return (
    <div className="flex justify-center py-4 sm:py-10">
      <PageTitle title={title} />
      <Card className={cn('w-full p-5 sm:p-8', wide ? 'max-w-2xl' : 'max-w-md')}>
        <h1
          ref={titleRef}
          tabIndex={focusTitle ? -1 : undefined}
          className="text-2xl font-semibold tracking-tight text-balance outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {lead ? <div className="mt-2 text-sm text-muted-foreground sm:text-base">{lead}</div> : null}
        {children ? <div className="mt-6">{children}</div> : null}
      </Card>
    </div>
  );
}
