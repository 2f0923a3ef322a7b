import { zodResolver } from '@hookform/resolvers/zod';
import { PERSON_LIMITS, type Person, type PersonPatch } from '@portal/contract/person';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { CompanyField, LanguageField, NameFields, SalutationField } from '@/components/person-fields';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/form-alert';
import { RequiredNote } from '@/components/required-fields';
import { isApiError } from '@/lib/api-errors';
import { useUpdateProfile } from '../api/update-profile';

const schema = z.object({
  salutation: z.enum(['', 'm', 'f']),
  firstname: z.string().trim().min(1, 'required').max(PERSON_LIMITS.name),
  lastname: z.string().trim().min(1, 'required').max(PERSON_LIMITS.name),
  company: z.string().trim().max(PERSON_LIMITS.company),
  place: z.string().trim().max(PERSON_LIMITS.place),
  language: z.enum(['de', 'en']),
});
type AccountValues = z.infer<typeof schema>;

function toValues(user: Person): AccountValues {
  return {
    salutation: user.salutation ?? '',
    firstname: user.firstname,
    lastname: user.lastname,
    company: user.company,
    place: user.place,
    language: user.language,
  };
}

/** Only the fields that changed are sent. */
export function changedFields(user: Person, values: AccountValues): PersonPatch {
  const before = toValues(user);
  const changes: Record<string, string> = {};
  for (const key of Object.keys(values) as (keyof AccountValues)[]) {
    const value = values[key].trim();
    if (value !== before[key]) changes[key] = value;
  }
  return changes;
}

/** The save-profile modal: e-mail read-only, salutation Herr/Frau, language Deutsch/English. */
export function EditAccountDialog({ user }: { user: Person }) {
  const { t } = useTranslation(['Profile', 'Modal']);
  return (
    <FormDialog
      trigger={t('editAccount')}
      title={t('editProfileTitle', { ns: 'Modal' })}
      className="sm:max-w-xl"
    >
      {(close) => <AccountForm user={user} onDone={close} />}
    </FormDialog>
  );
}

function AccountForm({ user, onDone }: { user: Person; onDone: () => void }) {
  const { t } = useTranslation(['Profile', 'Form', 'Modal', 'Notifications', 'Error']);
  const update = useUpdateProfile();
  const form = useForm<AccountValues>({ resolver: zodResolver(schema), defaultValues: toValues(user) });
  const { errors, isSubmitting } = form.formState;
  const required = (message: string | undefined) =>
    message ? (message === 'required' ? t('required', { ns: 'Error' }) : t('invalidValue')) : undefined;

  const submit = form.handleSubmit(async (values) => {
    const changes = changedFields(user, values);
    try {
      if (Object.keys(changes).length > 0) await update.mutateAsync({ oid: user.oid, changes });
      onDone();
      toast.success(t('profileSaved', { ns: 'Notifications' }));
    } catch (error) {
      console.error(error);
      const fields = isApiError(error, 'validation') ? error.fields : {};
      for (const key of ['firstname', 'lastname', 'company', 'place'] as const) {
        if (fields[key]) form.setError(key, { message: 'invalid' });
      }
      form.setError('root', { message: 'failed' });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <RequiredNote />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <SalutationField field={form.register('salutation')} />
        <Field label={t('email', { ns: 'Form' })} hint={t('readOnly', { ns: 'Form' })}>
          <Input type="email" value={user.email} readOnly autoComplete="email" />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NameFields
          firstname={{ field: form.register('firstname'), error: required(errors.firstname?.message) }}
          lastname={{ field: form.register('lastname'), error: required(errors.lastname?.message) }}
        />
        <CompanyField field={form.register('company')} error={required(errors.company?.message)} />
        <Field label={t('place', { ns: 'Form' })} error={required(errors.place?.message)}>
          <Input autoComplete="address-level2" maxLength={PERSON_LIMITS.place} {...form.register('place')} />
        </Field>
      </div>
      <LanguageField field={form.register('language')} />
      {errors.root ? <FormAlert>{t('saveFailed')}</FormAlert> : null}
      <FormDialogFooter submitLabel={t('save', { ns: 'Modal' })} pending={isSubmitting} />
    </form>
  );
}
