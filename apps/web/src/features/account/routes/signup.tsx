import { zodResolver } from '@hookform/resolvers/zod';
import { PERSON_LIMITS } from '@portal/contract/person';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-errors';
import { requestLogin } from '@/lib/app-events';
import { useSignupMode } from '@/resources/public-config';
import { useSignUp } from '../api/sign-up';
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
  const termsId = useId();
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

  const link = (href: string) => (
    // Trans puts the link text inside. A new tab keeps what was typed; the link does not tick the box.
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={`${termsId}-new-tab`}
      className="font-medium text-primary underline underline-offset-2"
    />
  );

  return (
    <AccountScreen title={t('signupTitle')} lead={t('signupLead')} wide>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-[10rem_1fr_1fr]">
          <Field label={t('salutation', { ns: 'Form' })} error={message(errors.salutation?.message)}>
            <NativeSelect autoComplete="honorific-prefix" {...form.register('salutation')}>
              <option value="">{t('salutationNone')}</option>
              <option value="f">{t('salutationF', { ns: 'Form' })}</option>
              <option value="m">{t('salutationM', { ns: 'Form' })}</option>
            </NativeSelect>
          </Field>
          <Field label={t('firstname', { ns: 'Form' })} error={message(errors.firstname?.message)}>
            <Input
              autoComplete="given-name"
              maxLength={PERSON_LIMITS.name}
              required
              aria-required="true"
              {...form.register('firstname')}
            />
          </Field>
          <Field label={t('lastname', { ns: 'Form' })} error={message(errors.lastname?.message)}>
            <Input
              autoComplete="family-name"
              maxLength={PERSON_LIMITS.name}
              required
              aria-required="true"
              {...form.register('lastname')}
            />
          </Field>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            label={t('company', { ns: 'Form' })}
            hint={t('optional', { ns: 'Form' })}
            error={message(errors.company?.message)}
          >
            <Input
              autoComplete="organization"
              maxLength={PERSON_LIMITS.company}
              {...form.register('company')}
            />
          </Field>
          <Field label={t('email', { ns: 'Form' })} error={message(errors.email?.message)}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
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
          <Field label={t('language', { ns: 'Form' })} error={message(errors.language?.message)}>
            <NativeSelect {...form.register('language')}>
              <option value="de">{t('languageDe', { ns: 'Form' })}</option>
              <option value="en">{t('languageEn', { ns: 'Form' })}</option>
            </NativeSelect>
          </Field>
        </div>
        <div className="grid gap-1.5">
          <div className="flex items-start gap-3">
            <input
              id={termsId}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? `${termsId}-error` : undefined}
              required
              aria-required="true"
              {...form.register('terms')}
            />
            <label htmlFor={termsId} className="text-sm leading-snug">
              <Trans
                ns="Account"
                i18nKey="terms"
                components={{ terms: link(paths.legal('agb')), privacy: link(paths.legal('datenschutz')) }}
              />
            </label>
            <span id={`${termsId}-new-tab`} hidden>
              {t('opensInNewTab', { ns: 'Form' })}
            </span>
          </div>
          {errors.terms ? (
            <p id={`${termsId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {message(errors.terms.message)}
            </p>
          ) : null}
        </div>
        {errors.root ? (
          <FormAlert>
            {errors.root.message === 'rateLimited' ? t('rateLimited', { ns: 'Error' }) : t('failed')}
          </FormAlert>
        ) : null}
        <div className="flex flex-col-reverse items-stretch gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
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
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? <Spinner className="size-4" /> : null}
            {t('signupSubmit')}
          </Button>
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
