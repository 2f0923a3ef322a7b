import { zodResolver } from '@hookform/resolvers/zod';
import { accountTokenSchema } from '@portal/contract/account';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { useNavigate } from 'react-router';
import { Link } from '@/components/link';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-errors';
import { useResetPassword } from '../api/reset-password';
import { AccountFormScreen } from '../components/account-form';
import { AccountScreen } from '../components/account-screen';
import { PasswordFields } from '../components/password-fields';
import { useLinkToken } from '../components/use-link-token';
import { newPasswordFormSchema, type NewPasswordValues } from '../utils/account-forms';

/**
 * /reset-password?token=…, from a reset mail or an invitation: a new password with its
 * repetition. Saved, the person is signed in here and signed out everywhere else (then on to the
 * projects). A link that no longer works offers to ask for a new one.
 */
export function ResetPasswordRoute() {
  const token = useLinkToken();
  const [linkFailed, setLinkFailed] = useState(() => !accountTokenSchema.safeParse(token).success);
  if (linkFailed) return <LinkFailed focus={token !== ''} />;
  return <NewPasswordForm token={token} onLinkFailed={() => setLinkFailed(true)} />;
}

function NewPasswordForm({ token, onLinkFailed }: { token: string; onLinkFailed: () => void }) {
  const { t } = useTranslation(['Account', 'Form', 'Error', 'Notifications']);
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', repeat: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
    } catch (error) {
      if (isApiError(error, 'tokenInvalid')) {
        onLinkFailed();
      } else if (isApiError(error, 'validation') && error.fields.password) {
        // A rule only the server can check (not the account's own address); its words.
        form.setError('password', { message: error.fields.password }, { shouldFocus: true });
      } else {
        if (!isApiError(error, 'rateLimited')) console.error('Setting the new password failed', error);
        form.setError('root', { message: isApiError(error, 'rateLimited') ? 'rateLimited' : 'failed' });
      }
      return;
    }
    toast.success(t('passwordReset', { ns: 'Notifications' }));
    void navigate(paths.projects(), { replace: true });
  });

  return (
    <AccountFormScreen
      title={t('resetTitle')}
      lead={t('resetLead')}
      onSubmit={submit}
      failure={errors.root?.message}
      busy={isSubmitting}
      submitLabel={t('resetSubmit')}
    >
      <PasswordFields
        password={{
          label: t('passwordNew', { ns: 'Form' }),
          field: form.register('password'),
          problem: errors.password?.message,
        }}
        repeat={{
          label: t('passwordRepeat', { ns: 'Form' }),
          field: form.register('repeat'),
          problem: errors.repeat?.message,
        }}
      />
    </AccountFormScreen>
  );
}

function LinkFailed({ focus }: { focus: boolean }) {
  const { t } = useTranslation('Account');
  return (
    <AccountScreen title={t('linkInvalidTitle')} lead={t('resetInvalidText')} focusTitle={focus}>
      <Button asChild>
        <Link to={paths.forgotPassword()}>{t('requestNewLink')}</Link>
      </Button>
    </AccountScreen>
  );
}
