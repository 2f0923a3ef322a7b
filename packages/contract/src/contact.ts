import { z } from 'zod';
import { formBoolean } from './form-values.js';
import { multiLineText, singleLineText } from './text.js';

export const contactFormSchema = z
  .object({
    firstname: singleLineText().trim().min(1).max(100),
    subname: singleLineText().trim().min(1).max(100),
    email: z.email().max(254),
    terms: formBoolean.refine((v) => v, { message: 'terms must be accepted' }),
    message: multiLineText().trim().max(5000).optional(),
  })
  .strict();
export type ContactForm = z.infer<typeof contactFormSchema>;

export const contactResponseSchema = z.object({ success: z.union([z.literal(0), z.literal(1)]), msg: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
