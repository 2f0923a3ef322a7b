import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_LIMITS } from '@portal/contract/person';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/form-dialog';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { RequiredNote } from '@/components/required-fields';
import { isApiError } from '@/lib/api-errors';
import { useChangePassword } from '../api/change-password';
import {
  isComplete,
  passwordFormSchema,
  type PasswordProblem,
  type PasswordValues,
} from '../utils/password-form';

/**
 * All three required; a repetition that differs shows the mismatch message; a wrong
 * current password (pwWrong) flags that field; typing clears the error; after success the
 * fields are empty, the modal closes and a notice shows.
 */
export function ChangePasswordDialog({ oid }: { oid: string }) {
  const { t } = useTranslation(['Profile', 'Modal']);
  return (
    <FormDialog
      trigger={t('changePassword')}
      title={t('changePasswordTitle', { ns: 'Modal' })}
      className="sm:max-w-md"
    >
      {/* Mounted only while open: closing (or success) leaves no password behind. */}
      {(close) => <PasswordForm oid={oid} onDone={close} />}
    </FormDialog>
  );
}

function PasswordForm({ oid, onDone }: { oid: string; onDone: () => void }) {
  const { t } = useTranslation(['Profile', 'Form', 'Modal', 'Notifications', 'Error']);
  const changePassword = useChangePassword();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { current: '', next: '', repeat: '' },
    // Typing clears the errors (below); they come back with the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });
  const complete = isComplete({ current: '', next: '', repeat: '', ...values });

  const messages: Record<PasswordProblem, string> = {
    required: t('required', { ns: 'Error' }),
    tooShort: t('passwordTooShort', { ns: 'Form', min: PASSWORD_LIMITS.min }),
    tooLong: t('passwordTooLong', { ns: 'Form', max: PASSWORD_LIMITS.max }),
    tooCommon: t('passwordTooCommon', { ns: 'Form' }),
    mismatch: t('pwMismatch', { ns: 'Error' }),
    pwWrong: t('pwWrong', { ns: 'Error' }),
  };
  const error = (field: keyof PasswordValues) => {
    const problem = errors[field]?.message;
    // Not a key: the server's own message for the field, already in the user's language.
    return problem ? (messages[problem as PasswordProblem] ?? problem) : undefined;
  };
  const field = (name: keyof PasswordValues) => form.register(name, { onChange: () => form.clearErrors() });

  const submit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync({ oid, passwordActual: values.current, password: values.next });
      onDone();
      toast.success(t('passwordChanged', { ns: 'Notifications' }));
    } catch (error) {
      if (isApiError(error, 'pwWrong'))
        form.setError('current', { message: 'pwWrong' }, { shouldFocus: true });
      else if (isApiError(error, 'validation') && error.fields.password)
        form.setError('next', { message: error.fields.password });
      else {
        console.error(error);
        form.setError('root', { message: 'failed' });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <RequiredNote />
      <Field label={t('passwordCurrent', { ns: 'Form' })} error={error('current')} required>
        <Input type="password" autoComplete="current-password" {...field('current')} />
      </Field>
      <Field
        label={t('passwordNew', { ns: 'Form' })}
        hint={t('passwordHint', { ns: 'Form', min: PASSWORD_LIMITS.min, max: PASSWORD_LIMITS.max })}
        error={error('next')}
        required
      >
        <Input type="password" autoComplete="new-password" {...field('next')} />
      </Field>
      <Field label={t('passwordRepeat', { ns: 'Form' })} error={error('repeat')} required>
        <Input type="password" autoComplete="new-password" {...field('repeat')} />
      </Field>
      {errors.root ? <FormAlert>{t('saveFailed')}</FormAlert> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('cancel', { ns: 'Modal' })}</Button>
        </DialogClose>
        <Button type="submit" disabled={!complete || isSubmitting}>
          {isSubmitting ? <Spinner className="size-4" /> : null}
          {t('changePassword')}
        </Button>
      </DialogFooter>
    </form>
  );
}
