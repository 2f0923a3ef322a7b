import type { ReactNode } from 'react';

/** Heading block at the top of a screen: one h1, an optional lead text and actions. */
export function PageHeader({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="mb-8 flex flex-col gap-3">
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {lead ? <p className="max-w-2xl text-base text-muted-foreground sm:text-lg">{lead}</p> : null}
      {children}
    </header>
  );
}
