import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { EmailInput } from '@/components/ui/input';
import { isApiError } from '@/lib/api-errors';
import { requestLogin } from '@/lib/app-events';
import { useForgotPassword } from '../api/forgot-password';
import { AccountFormScreen } from '../components/account-form';
import { AccountScreen } from '../components/account-screen';
import { useProblemMessage } from '../components/use-problem-message';
import { emailFormSchema, type EmailValues } from '../utils/account-forms';

/**
 * /forgot-password, from the login modal: the address, then "check your inbox". The notice is
 * the same whether or not the address has an account (the server's answer is too).
 */
export function ForgotPasswordRoute() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? <ResetLinkSent email={sentTo} /> : <ForgotPasswordForm onSent={setSentTo} />;
}

function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation(['Account', 'Form', 'Error']);
  const forgot = useForgotPassword();
  const message = useProblemMessage();
  const form = useForm<EmailValues>({ resolver: zodResolver(emailFormSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    try {
      await forgot.mutateAsync(email);
    } catch (error) {
      if (!isApiError(error, 'rateLimited')) console.error('Asking for a reset link failed', error);
      form.setError('root', { message: isApiError(error, 'rateLimited') ? 'rateLimited' : 'failed' });
      return;
    }
    onSent(email);
  });

  return (
    <AccountFormScreen
      title={t('forgotTitle')}
      lead={t('forgotLead')}
      onSubmit={submit}
      failure={errors.root?.message}
      busy={isSubmitting}
      submitLabel={t('forgotSubmit')}
    >
      <Field label={t('email', { ns: 'Form' })} error={message(errors.email?.message)}>
        <EmailInput required aria-required="true" {...form.register('email')} />
      </Field>
    </AccountFormScreen>
  );
}

function ResetLinkSent({ email }: { email: string }) {
  const { t } = useTranslation('Account');
  return (
    <AccountScreen title={t('forgotSentTitle')} lead={t('forgotSentText', { email })} focusTitle>
      <Button variant="outline" onClick={() => requestLogin()}>
        {t('login')}
      </Button>
    </AccountScreen>
  );
}
