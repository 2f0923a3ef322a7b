import { z } from 'zod';

// Bodies arrive form-encoded (everything is a string, lists as name[]=…) from the web app, or as
// JSON from other clients. These helpers accept both spellings of the same value.

/** true/false, also as the strings 'true'/'false'/'1'/'0'. */
export const formBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

/**
 * A list of strings; a single value counts as a one-element list, empty entries are dropped
 * (the web app sends `name[]=` for an empty list, since form encoding has no empty array).
 */
export const formStringList = (item: z.ZodType<string, string>, max = 50) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter((s) => s !== ''))
    .pipe(z.array(item).max(max));
