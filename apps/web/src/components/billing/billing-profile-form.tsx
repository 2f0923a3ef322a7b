import {
  BILLING_LIMITS,
  billingProfileInputSchema,
  type BillingProfile,
  type BillingProfileInput,
} from '@portal/contract/billing/billing-profile';
import { vatIdExample } from '@portal/contract/billing/vat-id';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { RequiredNote } from '@/components/required-fields';
import { isApiError } from '@/lib/api-errors';
import { useSaveBillingProfile } from '@/resources/billing';
import { billingFieldErrors } from './billing-errors';
import { CountrySelect } from './country-select';

// The billing profile's form (docs/billing.md#billing-profile): the customer's profile card and
// the admin's customer page. Checked with the contract's schema before sending; the server's
// answer (same rules, its words) marks the fields it refuses.

interface BillingProfileValues {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  vatId: string;
  invoiceEmail: string;
  purchaseOrderRef: string;
  buyerReference: string;
  wantsXml: boolean;
}

const FIELDS = [
  'name',
  'street',
  'postcode',
  'city',
  'country',
  'vatId',
  'invoiceEmail',
  'purchaseOrderRef',
  'buyerReference',
  'wantsXml',
] as const satisfies ReadonlyArray<keyof BillingProfileValues>;

function toFormValues(profile: BillingProfile | null, fallbackEmail = ''): BillingProfileValues {
  return {
    name: profile?.name ?? '',
    street: profile?.street ?? '',
    postcode: profile?.postcode ?? '',
    city: profile?.city ?? '',
    country: profile?.country ?? '',
    vatId: profile?.vatId ?? '',
    invoiceEmail: profile?.invoiceEmail ?? fallbackEmail,
    purchaseOrderRef: profile?.purchaseOrderRef ?? '',
    buyerReference: profile?.buyerReference ?? '',
    wantsXml: profile?.wantsXml ?? false,
  };
}

/** What the form sends: empty optional fields as null. */
function toInput(values: BillingProfileValues): BillingProfileInput {
  const optional = (value: string) => (value.trim() === '' ? null : value);
  return {
    name: values.name,
    street: values.street,
    postcode: values.postcode,
    city: values.city,
    country: values.country,
    vatId: optional(values.vatId),
    invoiceEmail: values.invoiceEmail,
    purchaseOrderRef: optional(values.purchaseOrderRef),
    buyerReference: optional(values.buyerReference),
    wantsXml: values.wantsXml,
  };
}

const isField = (key: string): key is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(key);

export function BillingProfileForm({
  oid,
  profile,
  filledBy = 'self',
  fallbackEmail,
  onSaved,
}: {
  oid: string;
  profile: BillingProfile | null;
  /** An admin filling a customer's profile: no autofill from the admin's own data. */
  filledBy?: 'self' | 'admin';
  fallbackEmail?: string;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('Billing');
  const save = useSaveBillingProfile(oid);
  const form = useForm<BillingProfileValues>({ defaultValues: toFormValues(profile, fallbackEmail) });
  const { errors, isSubmitting } = form.formState;
  const clear = (...names: Parameters<typeof form.clearErrors>[0][]) => {
    for (const name of names) form.clearErrors(name);
    form.clearErrors('root');
  };
  const country = useWatch({ control: form.control, name: 'country' });
  const auto = (token: string) => (filledBy === 'self' ? token : 'off');
  const example = vatIdExample(country);

  const submit = form.handleSubmit(async (values) => {
    const input = toInput(values);
    const parsed = billingProfileInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const [key, message] of Object.entries(billingFieldErrors(parsed.error.issues, t, values.country)))
        if (isField(key)) form.setError(key, { message });
      return;
    }
    try {
      await save.mutateAsync(input);
      toast.success(t('saved'));
      onSaved?.();
    } catch (error) {
      console.error(error);
      const fields = isApiError(error, 'validation') ? error.fields : {};
      for (const [key, message] of Object.entries(fields)) if (isField(key)) form.setError(key, { message });
      form.setError('root', { message: 'failed' });
    }
  });

  const text = (
    name: 'name' | 'street' | 'postcode' | 'city' | 'invoiceEmail' | 'purchaseOrderRef' | 'buyerReference' | 'vatId',
  ) => form.register(name, { onChange: () => clear(name) });

  return (
    <form noValidate onSubmit={(event) => {
        // Every field is judged afresh by the schema on each attempt.
        form.clearErrors();
        void submit(event);
      }} className="grid gap-4" aria-label={t('title')}>
      <RequiredNote />
      <Field label={t('name')} required error={errors.name?.message}>
        <Input autoComplete={auto('organization')} maxLength={BILLING_LIMITS.name} {...text('name')} />
      </Field>
      <Field label={t('street')} required error={errors.street?.message}>
        <Input autoComplete={auto('street-address')} maxLength={BILLING_LIMITS.street} {...text('street')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <Field label={t('postcode')} error={errors.postcode?.message}>
          <Input autoComplete={auto('postal-code')} maxLength={BILLING_LIMITS.postcode} {...text('postcode')} />
        </Field>
        <Field label={t('city')} required error={errors.city?.message}>
          <Input autoComplete={auto('address-level2')} maxLength={BILLING_LIMITS.city} {...text('city')} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('country')} required error={errors.country?.message}>
          <CountrySelect
            {...form.register('country', { onChange: () => clear('country', 'vatId') })}
            autoComplete={auto('country')}
          />
        </Field>
        <Field
          label={t('vatId')}
          hint={example ? t('vatIdHint', { example }) : country ? t('vatIdHintNotEu') : undefined}
          error={errors.vatId?.message}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={BILLING_LIMITS.vatId * 2} {...text('vatId')} />
        </Field>
      </div>
      <Field label={t('invoiceEmail')} required error={errors.invoiceEmail?.message}>
        <Input type="email" autoComplete={auto('email')} maxLength={BILLING_LIMITS.email} {...text('invoiceEmail')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('purchaseOrderRef')} hint={t('purchaseOrderRefHint')} error={errors.purchaseOrderRef?.message}>
          <Input autoComplete="off" maxLength={BILLING_LIMITS.purchaseOrderRef} {...text('purchaseOrderRef')} />
        </Field>
        <Field label={t('buyerReference')} hint={t('buyerReferenceHint')} error={errors.buyerReference?.message}>
          <Input autoComplete="off" spellCheck={false} maxLength={BILLING_LIMITS.buyerReference} {...text('buyerReference')} />
        </Field>
      </div>
      <label className="flex cursor-pointer items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary" {...form.register('wantsXml')} />
        <span>{t('wantsXml')}</span>
      </label>
      {errors.root ? <FormAlert>{t('saveFailed')}</FormAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner className="size-4" /> : null}
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
