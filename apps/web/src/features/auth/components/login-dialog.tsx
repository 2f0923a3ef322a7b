import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-errors';
import { useLogin } from '../api/login';

// Messages are keys of the Error namespace, translated when shown, so a language switch while
// the dialog is open changes them too. zod/mini: the dialog is a lazy chunk; keep it light.
const loginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'required')),
  password: z.string().check(z.minLength(1, 'required')),
});
type LoginValues = z.infer<typeof loginSchema>;

type LoginErrorKey = 'required' | 'loginFailed' | 'rateLimited' | 'generic';

function loginErrorKey(error: unknown): LoginErrorKey {
  if (isApiError(error, 'rateLimited')) return 'rateLimited';
  // 401 wrong credentials; 400 a name the server cannot read as Basic credentials.
  if (isApiError(error) && (error.status === 401 || error.status === 400)) return 'loginFailed';
  return 'generic';
}

function isLoginErrorKey(value: string | undefined): value is LoginErrorKey {
  return value === 'required' || value === 'loginFailed' || value === 'rateLimited' || value === 'generic';
}

export interface LoginDialogProps {
  /** Closed without signing in (Escape, close button, click outside). */
  onClose: () => void;
  /** Signed in and the user is loaded; the dialog is done. */
  onLoggedIn: () => void;
  returnFocusTo?: HTMLElement | null;
}

/** Username and password, both required; a failed login is shown under the username. */
export function LoginDialog({ onClose, onLoggedIn, returnFocusTo }: LoginDialogProps) {
  const { t } = useTranslation(['Modal', 'Form', 'Error', 'Notifications']);
  const login = useLogin();
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
      await login.mutateAsync(values);
    } catch (error) {
      if (!isApiError(error) || error.status >= 500) console.error('Login failed', error);
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
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <Field label={t('username', { ns: 'Form' })} error={message(errors.username?.message)}>
            <Input
              type="email"
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
              autoCapitalize="none"
              {...register('username')}
            />
          </Field>
          <Field label={t('password', { ns: 'Form' })} error={message(errors.password?.message)}>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </Field>
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
              {isSubmitting ? <Spinner className="size-4" /> : null}
              {t('loginSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
