import { z } from 'zod';
import { isDay, parseDate, type Period } from '@/lib/days';

// Periods of the admin report: whole calendar months (the presets) or any custom range, kept in
// the address (?from=YYYY-MM-DD&to=YYYY-MM-DD) so a report can be bookmarked and shared.

/** A valid period from the address, or null (then the server's default, this month, applies). */
export function periodFromSearch(search: URLSearchParams): Period | null {
  const from = search.get('from');
  const to = search.get('to');
  return isDay(from) && isDay(to) && from <= to ? { from, to } : null;
}

// Messages are keys of the Admin namespace; each problem is shown under the field it is about
// (an end before the start under the end).
const typedDay = z
  .string()
  .trim()
  // abort: an empty field is only "required", not also "invalid".
  .min(1, { message: 'dateRequired', abort: true })
  .refine((text) => parseDate(text) !== null, 'dateInvalid');

/** The custom range as typed: two days as DD.MM.YYYY, the end not before the start. */
export const customRangeSchema = z
  .object({ from: typedDay, to: typedDay })
  .refine(({ from, to }) => (parseDate(from) ?? '') <= (parseDate(to) ?? ''), {
    path: ['to'],
    message: 'rangeOrder',
  });
export type CustomRange = z.infer<typeof customRangeSchema>;
