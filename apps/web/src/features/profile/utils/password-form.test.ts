import { describe, expect, it } from 'vitest';
import { isComplete, passwordFormSchema, type PasswordValues } from './password-form';

const problems = (values: PasswordValues) => {
  const result = passwordFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('change-password rules', () => {
  it('requires all three fields', () => {
    expect(problems({ current: '', next: '', repeat: '' })).toEqual({
      current: 'required',
      next: 'required',
      repeat: 'required',
    });
    expect(isComplete({ current: 'a', next: 'b', repeat: '' })).toBe(false);
    expect(isComplete({ current: 'a', next: 'b', repeat: 'c' })).toBe(true);
  });

  it('flags a repetition that differs', () => {
    expect(problems({ current: 'old', next: 'new-secret', repeat: 'new-secreT' })).toEqual({
      repeat: 'mismatch',
    });
  });

  it("keeps to the contract's length limits", () => {
    expect(problems({ current: 'old', next: 'short', repeat: 'short' })).toEqual({ next: 'tooShort' });
    const long = 'x'.repeat(129);
    expect(problems({ current: 'old', next: long, repeat: long })).toEqual({ next: 'tooLong' });
  });

  it('refuses one of the most common passwords, as the server does', () => {
    expect(problems({ current: 'old', next: 'Password123', repeat: 'Password123' })).toEqual({
      next: 'tooCommon',
    });
  });

  it('passes a good change', () => {
    expect(problems({ current: 'old', next: 'new-secret', repeat: 'new-secret' })).toEqual({});
  });
});
