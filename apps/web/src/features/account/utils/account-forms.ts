import { accountEmailSchema } from '@portal/contract/account';
import { passwordProblem, type PasswordProblem } from '@portal/contract/password';
import { z } from 'zod';

// The rules of the sign-up, new-password and e-mail forms, built from the contract's rules, so
// the form refuses what the server would refuse and says why before anything is sent.
// Messages are problem keys; the screens translate them (use-problem-message.ts).

export type FormProblem =
  'required' | 'invalidEmail' | 'mismatch' | 'terms' | 'signupPasswordWrong' | PasswordProblem;

const required = z.string().trim().min(1, 'required');

const email = z
  .string()
  .trim()
  // abort: an empty field is only "required", not also "invalid".
  .min(1, { message: 'required', abort: true })
  .refine((value) => accountEmailSchema.safeParse(value).success, 'invalidEmail');

const newPassword = z.string().superRefine((value, context) => {
  const problem = value === '' ? 'required' : passwordProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

interface PasswordPair {
  password: string;
  repeat: string;
  email?: string;
}

/** The rules that compare fields: the repetition matches, the password is not the address. */
function comparePair(values: PasswordPair, context: z.RefinementCtx): void {
  if (values.email && values.password && passwordProblem(values.password, values.email) === 'sameAsEmail') {
    context.addIssue({ code: 'custom', path: ['password'], message: 'sameAsEmail' });
  }
  if (values.password !== '' && values.repeat !== '' && values.repeat !== values.password) {
    context.addIssue({ code: 'custom', path: ['repeat'], message: 'mismatch' });
  }
}

export const signupFormSchema = z
  .object({
    salutation: z.enum(['', 'm', 'f']),
    firstname: required,
    lastname: required,
    company: z.string().trim(),
    email,
    password: newPassword,
    repeat: required,
    language: z.enum(['de', 'en']),
    terms: z.boolean().refine((accepted) => accepted, 'terms'),
  })
  .superRefine(comparePair);
export type SignupValues = z.infer<typeof signupFormSchema>;

export const newPasswordFormSchema = z
  .object({ password: newPassword, repeat: required })
  .superRefine(comparePair);
export type NewPasswordValues = z.infer<typeof newPasswordFormSchema>;

/** The password chosen at sign-up, asked again by the confirmation link: only required. */
export const signupPasswordFormSchema = z.object({ password: z.string().min(1, 'required') });
export type SignupPasswordValues = z.infer<typeof signupPasswordFormSchema>;

export const emailFormSchema = z.object({ email });
export type EmailValues = z.infer<typeof emailFormSchema>;
