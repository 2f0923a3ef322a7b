import { PERSON_LIMITS } from '@portal/contract/person';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

// The fields about a person (sign-up, the profile's account dialog, the admin's customer forms):
// the same labels, limits and options wherever they are asked for. Each form lays them out.

/**
 * Who fills the fields in: the person about themselves (the default: autofill hints, names
 * required), or an administrator about a customer (no autofill from the administrator's own
 * data, nothing marked required: the form's schema decides).
 */
type FilledBy = 'self' | 'admin';

interface PersonInput {
  /** form.register(name) of the field. */
  field: UseFormRegisterReturn;
  /** The text to show under the field, if anything is wrong. */
  error?: string | undefined;
}

type FieldProps = PersonInput & { filledBy?: FilledBy };

interface SalutationProps extends FieldProps {
  /** The text of the empty choice, if not the form's own "not specified". */
  noneLabel?: string;
}

export function SalutationField({ field, error, filledBy = 'self', noneLabel }: SalutationProps) {
  const { t } = useTranslation('Form');
  return (
    <Field label={t('salutation')} error={error}>
      <NativeSelect autoComplete={filledBy === 'self' ? 'honorific-prefix' : undefined} {...field}>
        <option value="">{noneLabel ?? t('salutationNone')}</option>
        <option value="f">{t('salutationF')}</option>
        <option value="m">{t('salutationM')}</option>
      </NativeSelect>
    </Field>
  );
}

/** First and last name; required where the person fills them in. */
export function NameFields({
  firstname,
  lastname,
  filledBy = 'self',
}: {
  firstname: PersonInput;
  lastname: PersonInput;
  filledBy?: FilledBy;
}) {
  const { t } = useTranslation('Form');
  const self = filledBy === 'self';
  return (
    <>
      <Field label={t('firstname')} error={firstname.error} required={self}>
        <Input autoComplete={self ? 'given-name' : 'off'} maxLength={PERSON_LIMITS.name} {...firstname.field} />
      </Field>
      <Field label={t('lastname')} error={lastname.error} required={self}>
        <Input autoComplete={self ? 'family-name' : 'off'} maxLength={PERSON_LIMITS.name} {...lastname.field} />
      </Field>
    </>
  );
}

export function CompanyField({ field, error, hint, filledBy = 'self' }: FieldProps & { hint?: string }) {
  const { t } = useTranslation('Form');
  return (
    <Field label={t('company')} hint={hint} error={error}>
      <Input
        autoComplete={filledBy === 'self' ? 'organization' : 'off'}
        maxLength={PERSON_LIMITS.company}
        {...field}
      />
    </Field>
  );
}

/** The language of the interface and of every mail to the person. */
export function LanguageField({ field, error }: PersonInput) {
  const { t } = useTranslation('Form');
  return (
    <Field label={t('language')} error={error}>
      <NativeSelect {...field}>
        <option value="de">{t('languageDe')}</option>
        <option value="en">{t('languageEn')}</option>
      </NativeSelect>
    </Field>
  );
}
