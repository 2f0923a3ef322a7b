import { PASSWORD_LIMITS } from '@portal/contract/password';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useProblemMessage } from './use-problem-message';

interface PasswordInput {
  label: string;
  /** form.register(name) of the field. */
  field: UseFormRegisterReturn;
  /** The problem key (or server message) of the field. */
  problem: string | undefined;
}

/** A new password with its rules as hint, and its repetition (sign-up, reset, invitation). */
export function PasswordFields({ password, repeat }: { password: PasswordInput; repeat: PasswordInput }) {
  const { t } = useTranslation('Form');
  const message = useProblemMessage();
  return (
    <>
      <Field
        label={password.label}
        hint={t('passwordHint', { min: PASSWORD_LIMITS.min, max: PASSWORD_LIMITS.max })}
        error={message(password.problem)}
        required
      >
        <Input
          type="password"
          autoComplete="new-password"
          {...password.field}
        />
      </Field>
      <Field label={repeat.label} error={message(repeat.problem)} required>
        <Input
          type="password"
          autoComplete="new-password"
          {...repeat.field}
        />
      </Field>
    </>
  );
}
