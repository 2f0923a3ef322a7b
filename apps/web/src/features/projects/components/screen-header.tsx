import type { ReactNode } from 'react';

/**
 * The heading block of a signed-in screen: the same type scale as the shell's PageHeader, with
 * room for actions beside the title on wide screens.
 */
export function ScreenHeader({
  title,
  lead,
  actions,
  inlineActions = false,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  /** Small actions (an icon menu) stay beside the title on phones too. */
  inlineActions?: boolean;
}) {
  return (
    <header
      className={
        inlineActions
          ? 'mb-8 flex flex-row items-start justify-between gap-4'
          : 'mb-8 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between'
      }
    >
      <div className="flex min-w-0 flex-col gap-3">
        <h1 className="text-3xl font-semibold tracking-tight text-balance hyphens-auto [overflow-wrap:anywhere] sm:text-4xl">
          {title}
        </h1>
        {lead ? <div className="max-w-2xl text-base text-muted-foreground sm:text-lg">{lead}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2 sm:pt-1">{actions}</div> : null}
    </header>
  );
}
