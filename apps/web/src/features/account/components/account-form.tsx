import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { AccountScreen } from './account-screen';

/**
 * Why an account request failed: too many requests from here, or anything else (the form's
 * root error, 'rateLimited' or 'failed'). Nothing when it did not fail.
 */
export function RequestFailedAlert({ problem }: { problem: string | undefined }) {
  const { t } = useTranslation(['Account', 'Error']);
  if (!problem) return null;
  return <FormAlert>{problem === 'rateLimited' ? t('rateLimited', { ns: 'Error' }) : t('failed')}</FormAlert>;
}

/** The submit button of an account form: disabled, with a spinner, while the request runs. */
export function SubmitButton({
  busy,
  className,
  children,
}: {
  busy: boolean;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className={className} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <Spinner className="size-4" /> : null}
      {children}
    </Button>
  );
}

/** An account screen that is one form: its fields, then why it failed, then the submit button. */
export function AccountFormScreen({
  title,
  lead,
  onSubmit,
  failure,
  busy,
  submitLabel,
  children,
}: {
  title: string;
  lead: string;
  /** form.handleSubmit(…) */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The form's root error message, if the request failed. */
  failure: string | undefined;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <AccountScreen title={title} lead={lead}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        {children}
        <RequestFailedAlert problem={failure} />
        <SubmitButton className="mt-2" busy={busy}>
          {submitLabel}
        </SubmitButton>
      </form>
    </AccountScreen>
  );
}
