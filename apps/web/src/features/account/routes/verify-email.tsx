import { zodResolver } from '@hookform/resolvers/zod';
import { accountTokenSchema } from '@portal/contract/account';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { useNavigate } from 'react-router';
import { Link } from '@/components/link';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';
import { isApiError } from '@/lib/api-errors';
import { useVerifyEmail } from '../api/verify-email';
import { AccountFormScreen } from '../components/account-form';
import { AccountScreen } from '../components/account-screen';
import { ResendVerification } from '../components/resend-verification';
import { useLinkToken } from '../components/use-link-token';
import { useProblemMessage } from '../components/use-problem-message';
import { signupPasswordFormSchema, type SignupPasswordValues } from '../utils/account-forms';

/**
 * /verify-email?token=…: asks for the password chosen at sign-up, then confirms the address and
 * signs the person in (then on to the projects). Only who chose that password can confirm: a
 * link of someone else's sign-up that reached the mailbox activates nothing
 * (docs/security.md#self-service-accounts). A wrong password shows at the field and the link
 * stays usable for its few tries. A link that no longer works offers a new one. Someone signed
 * in (whose address is confirmed) is told so first, and may still confirm another address.
 */
export function VerifyEmailRoute() {
  const token = useLinkToken();
  const signedIn = useSession() !== null;
  const [linkFailed, setLinkFailed] = useState(() => !accountTokenSchema.safeParse(token).success);
  // Signed in when the link opened: the person's own links all ended when their address was
  // confirmed, so this one is used, unless it belongs to another address (they may go on).
  const [confirmedFirst, setConfirmedFirst] = useState(signedIn);
  if (linkFailed)
    return signedIn ? <AlreadyConfirmed focus={token !== ''} /> : <LinkFailed focus={token !== ''} />;
  if (confirmedFirst)
    return <AlreadyConfirmed focus={false} onConfirmOther={() => setConfirmedFirst(false)} />;
  return <ConfirmForm token={token} onLinkFailed={() => setLinkFailed(true)} />;
}

function ConfirmForm({ token, onLinkFailed }: { token: string; onLinkFailed: () => void }) {
  const { t } = useTranslation(['Account', 'Form', 'Notifications']);
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const message = useProblemMessage();
  const form = useForm<SignupPasswordValues>({
    resolver: zodResolver(signupPasswordFormSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await verify.mutateAsync({ token, password });
    } catch (error) {
      if (isApiError(error, 'tokenInvalid')) {
        onLinkFailed();
      } else if (isApiError(error, 'signupPasswordWrong')) {
        form.setError('password', { message: 'signupPasswordWrong' }, { shouldFocus: true });
      } else if (isApiError(error, 'validation') && error.fields.password) {
        form.setError('password', { message: error.fields.password }, { shouldFocus: true });
      } else {
        if (!isApiError(error, 'rateLimited')) console.error('Confirming the address failed', error);
        form.setError('root', { message: isApiError(error, 'rateLimited') ? 'rateLimited' : 'failed' });
      }
      return;
    }
    toast.success(t('emailVerified', { ns: 'Notifications' }));
    void navigate(paths.projects(), { replace: true });
  });

  return (
    <AccountFormScreen
      title={t('verifyTitle')}
      lead={t('verifyLead')}
      onSubmit={submit}
      failure={errors.root?.message}
      busy={isSubmitting}
      submitLabel={t('verifySubmit')}
    >
      <Field label={t('password', { ns: 'Form' })} error={message(errors.password?.message)}>
        <Input
          type="password"
          autoComplete="current-password"
          required
          aria-required="true"
          {...form.register('password')}
        />
      </Field>
    </AccountFormScreen>
  );
}

function LinkFailed({ focus }: { focus: boolean }) {
  const { t } = useTranslation('Account');
  return (
    <AccountScreen title={t('linkInvalidTitle')} lead={t('verifyInvalidText')} focusTitle={focus}>
      <ResendVerification />
    </AccountScreen>
  );
}

function AlreadyConfirmed({ focus, onConfirmOther }: { focus: boolean; onConfirmOther?: () => void }) {
  const { t } = useTranslation('Account');
  return (
    <AccountScreen title={t('alreadyConfirmedTitle')} lead={t('alreadyConfirmedText')} focusTitle={focus}>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.projects()}>{t('toProjects')}</Link>
        </Button>
        {onConfirmOther ? (
          <Button variant="outline" onClick={onConfirmOther}>
            {t('confirmOtherAddress')}
          </Button>
        ) : null}
      </div>
    </AccountScreen>
  );
}
