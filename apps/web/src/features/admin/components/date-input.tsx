import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/**
 * The one date input of the console (report period, audit log): typed as DD.MM.YYYY in both
 * languages, as the app shows dates everywhere; the browser's own date field would show its
 * locale's format (mm/dd/yyyy) instead. Read with parseDate (lib/days), shown with formatDate;
 * the Field around it carries the format as its hint.
 */
export function DateInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <Input inputMode="numeric" autoComplete="off" spellCheck={false} {...props} />;
}
