import { z } from 'zod';
import { idSchema } from './common.js';
import { formBoolean } from './form-values.js';
import { multiLineText, singleLineText } from './text.js';

/** What a request is about: a question (the footer's contact), or an offer (the price page). */
export const CONTACT_TOPICS = ['question', 'offer'] as const;
export const contactTopicSchema = z.enum(CONTACT_TOPICS);
export type ContactTopic = z.infer<typeof contactTopicSchema>;

export const CONTACT_LIMITS = { message: 5000 } as const;

export const contactFormSchema = z
  .object({
    firstname: singleLineText().trim().min(1).max(100),
    subname: singleLineText().trim().min(1).max(100),
    email: z.email().max(254),
    terms: formBoolean.refine((v) => v, { message: 'terms must be accepted' }),
    message: multiLineText().trim().max(CONTACT_LIMITS.message).optional(),
    /** Absent: a question. */
    topic: contactTopicSchema.optional(),
    /** The price package an offer is asked for (its id); only with topic offer. */
    packageId: idSchema.optional(),
  })
  .strict()
  .refine((form) => form.packageId === undefined || form.topic === 'offer', {
    path: ['packageId'],
    message: 'a package only with topic offer',
  });
export type ContactForm = z.infer<typeof contactFormSchema>;

export const contactResponseSchema = z.object({ success: z.union([z.literal(0), z.literal(1)]), msg: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
