import { describe, expect, it } from 'vitest';
import { isComplete, validatePasswordChange } from './password-form';

describe('change-password rules', () => {
  it('requires all three fields', () => {
    expect(validatePasswordChange({ current: '', next: '', repeat: '' })).toEqual({
      current: 'required',
      next: 'required',
      repeat: 'required',
    });
    expect(isComplete({ current: 'a', next: 'b', repeat: '' })).toBe(false);
    expect(isComplete({ current: 'a', next: 'b', repeat: 'c' })).toBe(true);
  });

  it('flags a repetition that differs', () => {
    expect(validatePasswordChange({ current: 'old', next: 'new-secret', repeat: 'new-secreT' })).toEqual({
      repeat: 'mismatch',
    });
  });

  it('asks for at least 8 characters', () => {
    expect(validatePasswordChange({ current: 'old', next: 'short', repeat: 'short' })).toEqual({
      next: 'tooShort',
    });
  });

  it('passes a good change', () => {
    expect(validatePasswordChange({ current: 'old', next: 'new-secret', repeat: 'new-secret' })).toEqual({});
  });
});
