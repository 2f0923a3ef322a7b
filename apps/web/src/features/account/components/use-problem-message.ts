import { VERIFY_LIMITS } from '@portal/contract/account';
import { PASSWORD_LIMITS } from '@portal/contract/password';
import { useTranslation } from '@/hooks/use-translation';
import type { FormProblem } from '../utils/account-forms';

/**
 * The text of a form problem key in the current language (a language switch while the form
 * shows an error changes it too). A message that is no key is the server's own field message,
 * already in the request's language, and shown as it is.
 */
export function useProblemMessage(): (problem: string | undefined) => string | undefined {
  const { t } = useTranslation(['Account', 'Form', 'Error']);
  const texts: Record<FormProblem, string> = {
    required: t('required', { ns: 'Error' }),
    invalidEmail: t('invalidEmail', { ns: 'Error' }),
    mismatch: t('pwMismatch', { ns: 'Error' }),
    terms: t('termsRequired'),
    signupPasswordWrong: t('signupPasswordWrong', { ns: 'Error', tries: VERIFY_LIMITS.passwordAttempts }),
    tooShort: t('passwordTooShort', { ns: 'Form', min: PASSWORD_LIMITS.min }),
    tooLong: t('passwordTooLong', { ns: 'Form', max: PASSWORD_LIMITS.max }),
    tooCommon: t('passwordTooCommon', { ns: 'Form' }),
    sameAsEmail: t('passwordSameAsEmail', { ns: 'Form' }),
  };
  return (problem) => (problem === undefined ? undefined : (texts[problem as FormProblem] ?? problem));
}
