// The change-password form's rules: all three fields required, the new password and
// its repetition identical, at least 8 characters (the server's minimum).

export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordValues {
  current: string;
  next: string;
  repeat: string;
}

export type PasswordError = 'required' | 'tooShort' | 'mismatch' | 'pwWrong';
export type PasswordErrors = Partial<Record<keyof PasswordValues, PasswordError>>;

export function validatePasswordChange(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  if (values.current === '') errors.current = 'required';
  if (values.next === '') errors.next = 'required';
  else if (values.next.length < PASSWORD_MIN_LENGTH) errors.next = 'tooShort';
  if (values.repeat === '') errors.repeat = 'required';
  else if (values.next !== '' && values.repeat !== values.next) errors.repeat = 'mismatch';
  return errors;
}

export function isComplete(values: PasswordValues): boolean {
  return values.current !== '' && values.next !== '' && values.repeat !== '';
}
