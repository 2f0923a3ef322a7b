import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-errors';
import { useResendVerification } from '@/resources/verification';
import { emailFormSchema, type EmailValues } from '../utils/account-forms';
import { useProblemMessage } from './use-problem-message';

/**
 * "Send the link again": for a known address (after sign-up) a button, otherwise the address to
 * type. The answer never tells whether the address has an account, and neither does the notice.
 */
export function ResendVerification({ email }: { email?: string }) {
  const { t } = useTranslation(['Account', 'Form', 'Error']);
  const resend = useResendVerification();
  const message = useProblemMessage();
  const form = useForm<EmailValues>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: email ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await resend.mutateAsync(values.email.trim());
    } catch (error) {
      if (!isApiError(error, 'rateLimited')) console.error('Resending the confirmation link failed', error);
    }
  });
  const problem = form.formState.errors.email?.message;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
      {email === undefined ? (
        <Field label={t('email', { ns: 'Form' })} error={message(problem)}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            {...form.register('email')}
          />
        </Field>
      ) : null}
      <div>
        <Button
          type="submit"
          variant="outline"
          disabled={resend.isPending}
          aria-busy={resend.isPending || undefined}
        >
          {resend.isPending ? <Spinner className="size-4" /> : null}
          {t('resend')}
        </Button>
      </div>
      {/* Polite: the notice follows the click, it does not interrupt. */}
      <p role="status" className="text-sm text-muted-foreground">
        {resend.isSuccess ? t('resent') : null}
      </p>
      {resend.isError ? (
        <FormAlert>
          {isApiError(resend.error, 'rateLimited') ? t('rateLimited', { ns: 'Error' }) : t('failed')}
        </FormAlert>
      ) : null}
    </form>
  );
}
