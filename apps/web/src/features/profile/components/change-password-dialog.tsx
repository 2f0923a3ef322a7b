import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-errors';
import { useChangePassword } from '../api/change-password';
import {
  isComplete,
  PASSWORD_MIN_LENGTH,
  validatePasswordChange,
  type PasswordError,
  type PasswordErrors,
  type PasswordValues,
} from '../utils/password-form';

const empty: PasswordValues = { current: '', next: '', repeat: '' };

/**
 * All three required; a repetition that differs shows the mismatch message; a wrong
 * current password (pwWrong) flags that field; typing clears the error; after success the
 * fields are empty, the modal closes and a notice shows.
 */
export function ChangePasswordDialog({ oid }: { oid: string }) {
  const { t } = useTranslation(['Profile', 'Modal']);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">{t('changePassword')}</Button>
      </DialogTrigger>
      <DialogContent
        title={t('changePasswordTitle', { ns: 'Modal' })}
        closeLabel={t('close', { ns: 'Modal' })}
        className="sm:max-w-md"
      >
        {/* Mounted only while open: closing (or success) leaves no password behind. */}
        <PasswordForm oid={oid} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PasswordForm({ oid, onDone }: { oid: string; onDone: () => void }) {
  const { t } = useTranslation(['Profile', 'Form', 'Modal', 'Notifications', 'Error']);
  const [values, setValues] = useState<PasswordValues>(empty);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failed, setFailed] = useState(false);
  const changePassword = useChangePassword();

  const messages: Record<PasswordError, string> = {
    required: t('required', { ns: 'Error' }),
    tooShort: t('passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
    mismatch: t('pwMismatch', { ns: 'Error' }),
    pwWrong: t('pwWrong', { ns: 'Error' }),
  };

  const set = (field: keyof PasswordValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Typing clears the error.
    setErrors({});
    setFailed(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await changePassword.mutateAsync({ oid, passwordActual: values.current, password: values.next });
      setValues(empty);
      onDone();
      toast.success(t('passwordChanged', { ns: 'Notifications' }));
    } catch (error) {
      if (isApiError(error, 'pwWrong')) setErrors({ current: 'pwWrong' });
      else if (isApiError(error, 'validation') && error.fields.password) setErrors({ next: 'tooShort' });
      else {
        console.error(error);
        setFailed(true);
      }
    }
  };

  const error = (field: keyof PasswordValues) => (errors[field] ? messages[errors[field]] : undefined);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <Field label={t('passwordCurrent', { ns: 'Form' })} error={error('current')}>
        <Input
          type="password"
          autoComplete="current-password"
          required
          aria-required="true"
          value={values.current}
          onChange={(event) => set('current')(event.target.value)}
        />
      </Field>
      <Field
        label={t('passwordNew', { ns: 'Form' })}
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={error('next')}
      >
        <Input
          type="password"
          autoComplete="new-password"
          required
          aria-required="true"
          value={values.next}
          onChange={(event) => set('next')(event.target.value)}
        />
      </Field>
      <Field label={t('passwordRepeat', { ns: 'Form' })} error={error('repeat')}>
        <Input
          type="password"
          autoComplete="new-password"
          required
          aria-required="true"
          value={values.repeat}
          onChange={(event) => set('repeat')(event.target.value)}
        />
      </Field>
      {failed ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {t('saveFailed')}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('cancel', { ns: 'Modal' })}</Button>
        </DialogClose>
        <Button type="submit" disabled={!isComplete(values) || changePassword.isPending}>
          {changePassword.isPending ? <Spinner className="size-4" /> : null}
          {t('changePassword')}
        </Button>
      </DialogFooter>
    </form>
  );
}
