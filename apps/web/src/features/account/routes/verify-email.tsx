import { accountTokenSchema } from '@portal/contract/account';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-errors';
import { useVerifyEmail } from '../api/verify-email';
import { AccountScreen } from '../components/account-screen';
import { ResendVerification } from '../components/resend-verification';
import { useLinkToken } from '../components/use-link-token';

/**
 * /verify-email?token=…: confirms the address as soon as the screen opens and signs the person
 * in (then on to the projects). A link that no longer works offers a new one.
 */
export function VerifyEmailRoute() {
  const { t } = useTranslation(['Account', 'Notifications', 'Error', 'General']);
  const navigate = useNavigate();
  const token = useLinkToken();
  const { mutate, error, isError } = useVerifyEmail();
  const wellFormed = accountTokenSchema.safeParse(token).success;
  const verify = useCallback(
    () =>
      mutate(token, {
        onSuccess: () => {
          toast.success(t('emailVerified', { ns: 'Notifications' }));
          void navigate(paths.projects(), { replace: true });
        },
      }),
    [mutate, navigate, t, token],
  );
  // Once per link: a second use would be refused (the token is single-use), e.g. when React
  // runs the effect twice in development.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !wellFormed) return;
    sent.current = true;
    verify();
  }, [verify, wellFormed]);

  if (!wellFormed || isApiError(error, 'tokenInvalid') || isApiError(error, 'validation')) {
    return (
      <AccountScreen title={t('linkInvalidTitle')} lead={t('verifyInvalidText')} focusTitle={isError}>
        <ResendVerification />
      </AccountScreen>
    );
  }
  if (isError) {
    return (
      <AccountScreen
        title={t('verifyTitle')}
        lead={isApiError(error, 'rateLimited') ? t('rateLimited', { ns: 'Error' }) : t('failed')}
        focusTitle
      >
        <Button variant="outline" onClick={verify}>
          {t('retry', { ns: 'General' })}
        </Button>
      </AccountScreen>
    );
  }
  return (
    <AccountScreen title={t('verifyTitle')}>
      <p role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {t('verifying')}
      </p>
    </AccountScreen>
  );
}
