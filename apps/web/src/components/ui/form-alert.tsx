import type { ReactNode } from 'react';

/**
 * Why a form could not be sent (the server refused it, or the call failed), shown above its
 * buttons and announced at once. Problems of a single field go under that field (ui/field.tsx).
 */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      {children}
    </p>
  );
}
