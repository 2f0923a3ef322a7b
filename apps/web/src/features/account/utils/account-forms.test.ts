import { describe, expect, it } from 'vitest';
import { emailFormSchema, newPasswordFormSchema, signupFormSchema } from './account-forms';

/** Field path → problem key, as the screens show them. */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const complete = {
  salutation: '' as const,
  firstname: 'Kim',
  lastname: 'Neu',
  company: '',
  email: 'kim@example.com',
  password: 'a fresh passphrase',
  repeat: 'a fresh passphrase',
  language: 'de' as const,
  terms: true,
};

describe('sign-up form', () => {
  it('accepts a complete form with the company left empty', () => {
    expect(signupFormSchema.safeParse(complete).success).toBe(true);
  });

  it('names every missing field once, as required', () => {
    const empty = {
      ...complete,
      firstname: ' ',
      lastname: '',
      email: '',
      password: '',
      repeat: '',
      terms: false,
    };
    expect(problems(signupFormSchema.safeParse(empty))).toEqual({
      firstname: 'required',
      lastname: 'required',
      email: 'required',
      password: 'required',
      repeat: 'required',
      terms: 'terms',
    });
  });

  it.each([
    ['short', 'tooShort'],
    ['x'.repeat(129), 'tooLong'],
    ['Passwort123', 'tooCommon'],
    ['KIM@example.com', 'sameAsEmail'],
  ])('refuses the password %s as the server would (%s)', (password, problem) => {
    expect(problems(signupFormSchema.safeParse({ ...complete, password, repeat: password }))).toEqual({
      password: problem,
    });
  });

  it('says when the repetition differs, and that an address is not one', () => {
    expect(problems(signupFormSchema.safeParse({ ...complete, repeat: 'a fresh passphrasE' }))).toEqual({
      repeat: 'mismatch',
    });
    expect(problems(signupFormSchema.safeParse({ ...complete, email: 'kim@' }))).toEqual({
      email: 'invalidEmail',
    });
  });
});

describe('new password and e-mail forms', () => {
  it('checks the new password and its repetition', () => {
    expect(
      newPasswordFormSchema.safeParse({ password: 'a good passphrase', repeat: 'a good passphrase' }).success,
    ).toBe(true);
    expect(problems(newPasswordFormSchema.safeParse({ password: 'iloveyou', repeat: 'other' }))).toEqual({
      password: 'tooCommon',
      repeat: 'mismatch',
    });
  });

  it('needs a valid address', () => {
    expect(problems(emailFormSchema.safeParse({ email: '' }))).toEqual({ email: 'required' });
    expect(problems(emailFormSchema.safeParse({ email: 'nobody' }))).toEqual({ email: 'invalidEmail' });
    expect(emailFormSchema.safeParse({ email: ' Kim@Example.com ' }).success).toBe(true);
  });
});
