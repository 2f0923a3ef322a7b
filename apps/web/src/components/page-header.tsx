import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Heading block at the top of a screen: one h1, an optional lead text and actions. */
export function PageHeader({
  title,
  lead,
  children,
  flush = false,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** No bottom margin: inside a flex column whose gap does the spacing. */
  flush?: boolean;
}) {
  return (
    <header className={cn('flex flex-col gap-3', !flush && 'mb-8')}>
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {lead ? <p className="max-w-2xl text-base text-muted-foreground sm:text-lg">{lead}</p> : null}
      {children}
    </header>
  );
}
