import { PERSON_LIMITS } from '@portal/contract/person';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

// The fields a person fills in about themselves (sign-up, the profile's account dialog): the
// same labels, limits and autofill hints wherever they are asked for. Each form lays them out.

interface PersonInput {
  /** form.register(name) of the field. */
  field: UseFormRegisterReturn;
  /** The text to show under the field, if anything is wrong. */
  error?: string | undefined;
}

export function SalutationField({ field, error }: PersonInput) {
  const { t } = useTranslation('Form');
  return (
    <Field label={t('salutation')} error={error}>
      <NativeSelect autoComplete="honorific-prefix" {...field}>
        <option value="">{t('salutationNone')}</option>
        <option value="f">{t('salutationF')}</option>
        <option value="m">{t('salutationM')}</option>
      </NativeSelect>
    </Field>
  );
}

/** First and last name, both required. */
export function NameFields({ firstname, lastname }: { firstname: PersonInput; lastname: PersonInput }) {
  const { t } = useTranslation('Form');
  return (
    <>
      <Field label={t('firstname')} error={firstname.error}>
        <Input
          autoComplete="given-name"
          maxLength={PERSON_LIMITS.name}
          required
          aria-required="true"
          {...firstname.field}
        />
      </Field>
      <Field label={t('lastname')} error={lastname.error}>
        <Input
          autoComplete="family-name"
          maxLength={PERSON_LIMITS.name}
          required
          aria-required="true"
          {...lastname.field}
        />
      </Field>
    </>
  );
}

export function CompanyField({ field, error, hint }: PersonInput & { hint?: string }) {
  const { t } = useTranslation('Form');
  return (
    <Field label={t('company')} hint={hint} error={error}>
      <Input autoComplete="organization" maxLength={PERSON_LIMITS.company} {...field} />
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
