import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { toast } from 'sonner';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { RequiredNote } from '@/components/required-fields';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-errors';
import { useSignupOpen } from '@/resources/public-config';
import { useResendVerification } from '@/resources/verification';
import type { MfaChallenge } from '@portal/contract/auth';
import { useLogin, useMfaSignIn } from '../api/login';

// Messages are keys of the Error namespace, translated when shown, so a language switch while
// the dialog is open changes them too. zod/mini: the dialog is a lazy chunk; keep it light.
const loginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'required')),
  password: z.string().check(z.minLength(1, 'required')),
});
type LoginValues = z.infer<typeof loginSchema>;

type LoginErrorKey =
  'required' | 'loginFailed' | 'rateLimited' | 'unverified' | 'accountDisabled' | 'generic';

function loginErrorKey(error: unknown): LoginErrorKey {
  if (isApiError(error, 'rateLimited')) return 'rateLimited';
  // The right password of an address not yet confirmed (403): the dialog offers a new link.
  if (isApiError(error, 'unverified')) return 'unverified';
  // The right password of a disabled account (403); a wrong one is a plain 401.
  if (isApiError(error, 'accountDisabled')) return 'accountDisabled';
  // 401 wrong credentials; 400 a name the server cannot read as Basic credentials.
  if (isApiError(error) && (error.status === 401 || error.status === 400)) return 'loginFailed';
  return 'generic';
}

function isLoginErrorKey(value: string | undefined): value is LoginErrorKey {
  return (
    value === 'required' ||
    value === 'loginFailed' ||
    value === 'rateLimited' ||
    value === 'unverified' ||
    value === 'accountDisabled' ||
    value === 'generic'
  );
}

export interface LoginDialogProps {
  /** Closed without signing in (Escape, close button, click outside). */
  onClose: () => void;
  /** Signed in and the user is loaded; the dialog is done. */
  onLoggedIn: () => void;
  returnFocusTo?: HTMLElement | null;
}

/**
 * Username and password, both required; a failed login is shown under the username. Links to
 * the forgotten-password screen and (while sign-up is open) to the sign-up; an address not yet
 * confirmed gets the offer to send the confirmation link again.
 */
export function LoginDialog({ onClose, onLoggedIn, returnFocusTo }: LoginDialogProps) {
  const { t } = useTranslation(['Modal', 'Form', 'Error', 'Notifications']);
  const login = useLogin();
  const signupOpen = useSignupOpen();
  const resend = useResendVerification();
  // The address whose sign-in was refused as unconfirmed (the resend goes there).
  const [unverified, setUnverified] = useState<string | null>(null);
  // The right password of a person with a second factor: the second step follows.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const message = (key: string | undefined) =>
    isLoginErrorKey(key) ? t(key, { ns: 'Error' }) : key ? t('generic', { ns: 'Error' }) : undefined;

  const submit = handleSubmit(async (values) => {
    try {
      const second = await login.mutateAsync(values);
      if (second) {
        setChallenge(second);
        return;
      }
    } catch (error) {
      if (!isApiError(error) || error.status >= 500) console.error('Login failed', error);
      setUnverified(isApiError(error, 'unverified') ? values.username.trim() : null);
      resend.reset();
      setError('username', { type: 'server', message: loginErrorKey(error) }, { shouldFocus: true });
      return;
    }
    toast.success(t('loggedIn', { ns: 'Notifications' }));
    onLoggedIn();
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={t('loginTitle')}
        description={t('loginText')}
        closeLabel={t('close')}
        returnFocusTo={returnFocusTo}
        className="sm:max-w-md"
      >
        {challenge ? (
          <MfaStep
            challenge={challenge}
            onCancel={onClose}
            onRestart={() => setChallenge(null)}
            onLoggedIn={() => {
              toast.success(t('loggedIn', { ns: 'Notifications' }));
              onLoggedIn();
            }}
          />
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
            <RequiredNote />
            <Field label={t('username', { ns: 'Form' })} error={message(errors.username?.message)} required>
              <Input
                type="email"
                autoComplete="username"
                inputMode="email"
                spellCheck={false}
                autoCapitalize="none"
                {...register('username')}
              />
            </Field>
            <Field label={t('password', { ns: 'Form' })} error={message(errors.password?.message)} required>
              <Input type="password" autoComplete="current-password" {...register('password')} />
            </Field>
            <Link
              to={paths.forgotPassword()}
              onClick={onClose}
              className="-mt-2 justify-self-start text-sm font-medium text-primary underline underline-offset-2"
            >
              {t('forgotPassword')}
            </Link>
            {unverified ? (
              <div className="grid justify-items-start gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(unverified)}
                >
                  {t('resendVerification')}
                </Button>
                <p role="status" className="text-sm text-muted-foreground">
                  {resend.isSuccess ? t('verificationResent') : null}
                  {resend.isError
                    ? t(isApiError(resend.error, 'rateLimited') ? 'rateLimited' : 'generic', { ns: 'Error' })
                    : null}
                </p>
              </div>
            ) : null}
            <DialogFooter className="pt-2">
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
                {isSubmitting ? <Spinner className="size-4" /> : null}
                {t('loginSubmit')}
              </Button>
            </DialogFooter>
            {signupOpen ? (
              <p className="border-t border-border pt-4 text-center text-sm text-muted-foreground">
                {t('noAccountYet')}{' '}
                <Link
                  to={paths.signup()}
                  onClick={onClose}
                  className="font-medium text-primary underline underline-offset-2"
                >
                  {t('signupLink')}
                </Link>
              </p>
            ) : null}
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

type MfaErrorKey = 'required' | 'mfaCodeWrong' | 'rateLimited' | 'generic';

/**
 * The second step of a sign-in: a code of the authenticator app, or one of the recovery codes.
 * An expired step (mfaTokenInvalid) goes back to the password.
 */
function MfaStep({
  challenge,
  onCancel,
  onRestart,
  onLoggedIn,
}: {
  challenge: MfaChallenge;
  onCancel: () => void;
  onRestart: () => void;
  onLoggedIn: () => void;
}) {
  const { t } = useTranslation(['Modal', 'Error']);
  const mfa = useMfaSignIn();
  const [recovery, setRecovery] = useState(!challenge.methods.includes('totp'));
  const [value, setValue] = useState('');
  const [error, setError] = useState<MfaErrorKey | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = value.trim();
    if (!given) return setError('required');
    try {
      await mfa.mutateAsync(
        recovery
          ? { mfaToken: challenge.mfaToken, recoveryCode: given }
          : { mfaToken: challenge.mfaToken, code: given },
      );
    } catch (failure) {
      if (isApiError(failure, 'mfaTokenInvalid')) {
        toast.error(t('mfaTokenInvalid', { ns: 'Error' }));
        return onRestart();
      }
      if (!isApiError(failure) || failure.status >= 500) console.error('Second step failed', failure);
      setError(
        isApiError(failure, 'rateLimited')
          ? 'rateLimited'
          : isApiError(failure, 'mfaCodeWrong') || isApiError(failure, 'validation')
            ? 'mfaCodeWrong'
            : 'generic',
      );
      return;
    }
    onLoggedIn();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t(recovery ? 'mfaRecoveryText' : 'mfaCodeText')}</p>
      <Field
        label={t(recovery ? 'mfaRecoveryLabel' : 'mfaCodeLabel')}
        error={error ? t(error, { ns: 'Error' }) : undefined}
      >
        <Input
          key={recovery ? 'recovery' : 'totp'}
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          spellCheck={false}
          autoCapitalize="none"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
      </Field>
      {challenge.methods.includes('recovery') && challenge.methods.includes('totp') ? (
        <button
          type="button"
          className="-mt-2 justify-self-start text-sm font-medium text-primary underline underline-offset-2"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setError(null);
          }}
        >
          {t(recovery ? 'mfaUseCode' : 'mfaUseRecovery')}
        </button>
      ) : null}
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={mfa.isPending} aria-busy={mfa.isPending || undefined}>
          {mfa.isPending ? <Spinner className="size-4" /> : null}
          {t('mfaSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
