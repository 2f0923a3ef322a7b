import { singleLineText } from './text.js';

// The one set of password rules, for every place a password is chosen: sign-up, reset,
// invitation, the profile's password change and the operator's command line. The web forms
// check the same rules before sending, the server checks them again.

export const PASSWORD_LIMITS = { min: 8, max: 128 } as const;

/**
 * Length as a person counts it: characters (code points), so an emoji counts once, not as the
 * two UTF-16 units JavaScript's `length` sees.
 */
export const passwordLength = (password: string): number => [...password].length;

/**
 * The most used passwords of public breach lists that are long enough to pass the length rule.
 * Small on purpose (it ships to the browser): it stops the first guesses of every attacker,
 * the throttles and argon2 stop the rest. Compared without regard to case.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '123123123',
  '11111111',
  '00000000',
  '87654321',
  '987654321',
  '0987654321',
  '11223344',
  '12341234',
  '12121212',
  '88888888',
  '99999999',
  '66666666',
  '22222222',
  '55555555',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'qwertyuiop',
  'qwertyui',
  'qwerty123',
  'qwerty12',
  'qwertz123',
  'qwertzuiop',
  'asdfghjkl',
  'asdfasdf',
  'zxcvbnm1',
  'abcd1234',
  'abc12345',
  'a1b2c3d4',
  'aa123456',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'passwort',
  'passwort1',
  'passwort123',
  'kennwort',
  'geheim123',
  'hallo123',
  'hallo1234',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'fussball',
  'welcome1',
  'welcome123',
  'willkommen',
  'letmein1',
  'trustno1',
  'superman',
  'batman123',
  'starwars',
  'whatever',
  'computer',
  'internet',
  'michael1',
  'jennifer',
  'charlie1',
  'master123',
  'dragon123',
  'monkey123',
  'shadow123',
  'killer123',
  'sommer123',
  'schatz123',
  'schalke04',
  'borussia',
  'bayern123',
  'deutschland',
  'berlin123',
  'lol12345',
  'changeme',
  'admin123',
  'administrator',
  'test1234',
  'testtest',
  'qazwsxedc',
  'zaq12wsx',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'secret123',
  'letmein123',
]);

/** What is wrong with a chosen password; the keys name the message the forms show. */
export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooCommon' | 'sameAsEmail';

/** The first rule a new password breaks, or undefined. `email`: the account's address. */
export function passwordProblem(password: string, email?: string): PasswordProblem | undefined {
  if (passwordLength(password) < PASSWORD_LIMITS.min) return 'tooShort';
  if (passwordLength(password) > PASSWORD_LIMITS.max) return 'tooLong';
  const folded = password.trim().toLowerCase();
  if (COMMON_PASSWORDS.has(folded)) return 'tooCommon';
  if (email !== undefined && folded === email.trim().toLowerCase()) return 'sameAsEmail';
  return undefined;
}

/**
 * A new password (without the e-mail rule, which needs the account: forms and services add it).
 * Each broken rule is one issue whose message is its PasswordProblem key.
 */
export const newPasswordSchema = singleLineText()
  // A bound in UTF-16 units first (no character takes more than two), then the real rules.
  .max(PASSWORD_LIMITS.max * 2, { message: 'tooLong', abort: true })
  .superRefine((password, context) => {
    const problem = passwordProblem(password);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    description: `${PASSWORD_LIMITS.min} to ${PASSWORD_LIMITS.max} characters, not the e-mail address, not one of the most common passwords`,
  });
