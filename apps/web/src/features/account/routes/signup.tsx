import { zodResolver } from '@hookform/resolvers/zod';
import { PERSON_LIMITS } from '@portal/contract/person';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans } from 'react-i18next';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { ConsentCheckbox } from '@/components/consent-checkbox';
import { CompanyField, LanguageField, NameFields, SalutationField } from '@/components/person-fields';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { EmailInput } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-errors';
import { requestLogin } from '@/lib/app-events';
import { useSignupMode } from '@/resources/public-config';
import { useSignUp } from '../api/sign-up';
import { RequestFailedAlert, SubmitButton } from '../components/account-form';
import { AccountScreen } from '../components/account-screen';
import { PasswordFields } from '../components/password-fields';
import { ResendVerification } from '../components/resend-verification';
import { useProblemMessage } from '../components/use-problem-message';
import { signupFormSchema, type SignupValues } from '../utils/account-forms';

/**
 * /signup: the form, then "check your inbox" for the address it was sent to. The server answers
 * the same for a taken address (it mails that address instead), so the screen does too. With
 * sign-up by invitation only, the screen says so instead of showing the form.
 */
export function SignupRoute() {
  const mode = useSignupMode();
  const [closed, setClosed] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (mode === 'invite' || closed) return <SignupClosed />;
  if (sentTo) return <SignupSent email={sentTo} />;
  return <SignupForm onSent={setSentTo} onClosed={() => setClosed(true)} />;
}

const fieldNames = [
  'salutation',
  'firstname',
  'lastname',
  'company',
  'email',
  'password',
  'language',
  'terms',
] as const;

function SignupForm({ onSent, onClosed }: { onSent: (email: string) => void; onClosed: () => void }) {
  const { t } = useTranslation(['Account', 'Form', 'Error']);
  const language = useLanguage();
  const signUp = useSignUp();
  const message = useProblemMessage();
  const form = useForm<SignupValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      salutation: '',
      firstname: '',
      lastname: '',
      company: '',
      email: '',
      password: '',
      repeat: '',
      language,
      terms: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ repeat: _repeat, ...values }) => {
    const email = values.email.trim().toLowerCase();
    try {
      await signUp.mutateAsync({ ...values, email });
      onSent(email);
    } catch (error) {
      if (isApiError(error, 'signupClosed')) return onClosed();
      if (isApiError(error, 'validation')) {
        // The server's field messages are in the request's language already.
        for (const name of fieldNames) {
          const text = error.fields[name];
          if (text) form.setError(name, { message: text });
        }
        return;
      }
      if (!isApiError(error, 'rateLimited')) console.error('Sign-up failed', error);
      form.setError('root', { message: isApiError(error, 'rateLimited') ? 'rateLimited' : 'failed' });
    }
  });

  return (
    <AccountScreen title={t('signupTitle')} lead={t('signupLead')} wide>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-[10rem_1fr_1fr]">
          <SalutationField field={form.register('salutation')} error={message(errors.salutation?.message)} />
          <NameFields
            firstname={{ field: form.register('firstname'), error: message(errors.firstname?.message) }}
            lastname={{ field: form.register('lastname'), error: message(errors.lastname?.message) }}
          />
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <CompanyField
            field={form.register('company')}
            hint={t('optional', { ns: 'Form' })}
            error={message(errors.company?.message)}
          />
          <Field label={t('email', { ns: 'Form' })} error={message(errors.email?.message)}>
            <EmailInput
              maxLength={PERSON_LIMITS.email}
              required
              aria-required="true"
              {...form.register('email')}
            />
          </Field>
          <PasswordFields
            password={{
              label: t('password', { ns: 'Form' }),
              field: form.register('password'),
              problem: errors.password?.message,
            }}
            repeat={{
              label: t('passwordRepeat'),
              field: form.register('repeat'),
              problem: errors.repeat?.message,
            }}
          />
          <LanguageField field={form.register('language')} error={message(errors.language?.message)} />
        </div>
        <ConsentCheckbox
          field={form.register('terms')}
          invalid={Boolean(errors.terms)}
          error={errors.terms ? message(errors.terms.message) : undefined}
          required
          label={(link) => (
            <Trans
              ns="Account"
              i18nKey="terms"
              components={{ terms: link(paths.legal('agb')), privacy: link(paths.legal('datenschutz')) }}
            />
          )}
        />
        <RequestFailedAlert problem={errors.root?.message} />
        {/* The submit button first: after the last field it is the next stop of the Tab key, and
            on phones it stands on top; from 640 px it sits on the right. */}
        <div className="flex flex-col items-stretch gap-3 pt-2 sm:flex-row-reverse sm:items-center sm:justify-between">
          <SubmitButton busy={isSubmitting}>{t('signupSubmit')}</SubmitButton>
          <p className="text-sm text-muted-foreground">
            {t('haveAccount')}{' '}
            <button
              type="button"
              onClick={() => requestLogin()}
              className="font-medium text-primary underline underline-offset-2"
            >
              {t('login')}
            </button>
          </p>
        </div>
      </form>
    </AccountScreen>
  );
}

function SignupSent({ email }: { email: string }) {
  const { t } = useTranslation('Account');
  return (
    <AccountScreen title={t('signupSentTitle')} lead={t('signupSentText', { email })} focusTitle>
      <div className="grid gap-3">
        <p className="text-sm">{t('noMailHint')}</p>
        <ResendVerification email={email} />
      </div>
    </AccountScreen>
  );
}

function SignupClosed() {
  const { t } = useTranslation('Account');
  return (
    <AccountScreen title={t('signupClosedTitle')} lead={t('signupClosedText')}>
      <Button asChild variant="outline">
        <Link to={paths.services()}>{t('toServices')}</Link>
      </Button>
    </AccountScreen>
  );
}
