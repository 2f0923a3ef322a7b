import { PASSWORD_LIMITS, passwordLength, passwordProblem } from '@portal/contract/password';
import { z } from 'zod';

// The change-password form's rules: all three fields required, the new password within the
// contract's limits and its repetition identical. Messages are keys; the dialog translates them.

export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'tooCommon' | 'mismatch' | 'pwWrong';

export const passwordFormSchema = z
  .object({
    current: z.string().min(1, 'required'),
    next: z
      .string()
      // abort: an empty field is only "required", not also "too short".
      .min(1, { message: 'required', abort: true })
      .min(PASSWORD_LIMITS.min, 'tooShort')
      .refine((value) => passwordLength(value) <= PASSWORD_LIMITS.max, 'tooLong')
      // The contract's list of the most common passwords (the server refuses them too).
      .refine((value) => passwordProblem(value) !== 'tooCommon', 'tooCommon'),
    repeat: z.string().min(1, 'required'),
  })
  .refine(({ next, repeat }) => next === '' || repeat === '' || repeat === next, {
    path: ['repeat'],
    message: 'mismatch',
  });
export type PasswordValues = z.infer<typeof passwordFormSchema>;

export function isComplete(values: PasswordValues): boolean {
  return values.current !== '' && values.next !== '' && values.repeat !== '';
}
