import {
  DEFAULT_INVOICE_NUMBER_FORMAT,
  DEFAULT_PAYMENT_TERMS_DAYS,
  formatInvoiceNumber,
  isInvoiceNumberFormat,
  SELLER_LIMITS,
  sellerSettingsInputSchema,
  type SellerSettings,
  type SellerSettingsInput,
} from '@portal/contract/billing/billing-settings';
import { BILLING_LIMITS } from '@portal/contract/billing/billing-profile';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { useTranslation } from '@/hooks/use-translation';
import { billingFieldErrors } from '@/components/billing/billing-errors';
import { CountrySelect } from '@/components/billing/country-select';
import { ErrorState } from '@/components/query-state';
import { RequiredNote } from '@/components/required-fields';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-errors';
import { formatDate } from '@/lib/days';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { sellerSettingsQueryOptions, useSaveSellerSettings, useSellerSettings } from '@/resources/billing';
import { AdminNotAllowed, AdminScreen } from '../components/admin-screen';

// "Abrechnung / Billing": the seller settings, the provider's own data on every invoice
// (docs/billing.md#seller-settings). Written whole, audited by the server.

export const adminBillingLoader: RouteDataLoader = async ({ queryClient }) => {
  if (!readSession()) return;
  await queryClient.prefetchQuery(sellerSettingsQueryOptions());
};

export function AdminBillingRoute() {
  const { t } = useTranslation('Billing');
  const settings = useSellerSettings();
  return (
    <AdminScreen title={t('sellerTitle')}>
      {settings.isPending ? (
        <div role="status" aria-label={t('sellerTitle')} className="grid gap-4">
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : settings.isError ? (
        isApiError(settings.error, 'forbidden') ? (
          <AdminNotAllowed />
        ) : (
          <ErrorState onRetry={() => void settings.refetch()} />
        )
      ) : (
        <SellerSettingsForm key={settings.data?.updatedAt ?? 'new'} settings={settings.data} />
      )}
    </AdminScreen>
  );
}

const TEXT_FIELDS = [
  'company',
  'street',
  'postcode',
  'city',
  'country',
  'vatId',
  'taxNumber',
  'registerCourt',
  'registerNumber',
  'managingDirectors',
  'iban',
  'bic',
  'bankName',
  'contactName',
  'contactPhone',
  'contactEmail',
  'paymentTermsDays',
  'invoiceNumberFormat',
  'senderEmail',
] as const;
type SellerFormValues = Record<(typeof TEXT_FIELDS)[number], string>;

function toSellerFormValues(settings: SellerSettings | null): SellerFormValues {
  const values = {} as SellerFormValues;
  for (const key of TEXT_FIELDS) {
    const value = settings?.[key];
    values[key] = value === null || value === undefined ? '' : String(value);
  }
  if (!settings) {
    values.paymentTermsDays = String(DEFAULT_PAYMENT_TERMS_DAYS);
    values.invoiceNumberFormat = DEFAULT_INVOICE_NUMBER_FORMAT;
  }
  return values;
}

/** What the form sends: empty optional fields as null, the payment terms as a number. */
function toSellerInput(values: SellerFormValues): SellerSettingsInput {
  const optional = (value: string) => (value.trim() === '' ? null : value);
  const days = values.paymentTermsDays.trim();
  return {
    company: values.company,
    street: values.street,
    postcode: values.postcode,
    city: values.city,
    country: values.country,
    vatId: optional(values.vatId),
    taxNumber: optional(values.taxNumber),
    registerCourt: optional(values.registerCourt),
    registerNumber: optional(values.registerNumber),
    managingDirectors: optional(values.managingDirectors),
    iban: values.iban,
    bic: optional(values.bic),
    bankName: optional(values.bankName),
    contactName: optional(values.contactName),
    contactPhone: optional(values.contactPhone),
    contactEmail: optional(values.contactEmail),
    paymentTermsDays: days === '' ? Number.NaN : Number(days),
    invoiceNumberFormat: values.invoiceNumberFormat,
    senderEmail: values.senderEmail,
  };
}

const isField = (key: string): key is (typeof TEXT_FIELDS)[number] => (TEXT_FIELDS as readonly string[]).includes(key);

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function SellerSettingsForm({ settings }: { settings: SellerSettings | null }) {
  const { t } = useTranslation('Billing');
  const save = useSaveSellerSettings();
  const form = useForm<SellerFormValues>({ defaultValues: toSellerFormValues(settings) });
  const { errors, isSubmitting } = form.formState;
  const clear = (...names: Parameters<typeof form.clearErrors>[0][]) => {
    for (const name of names) form.clearErrors(name);
    form.clearErrors('root');
  };
  const format = useWatch({ control: form.control, name: 'invoiceNumberFormat' });
  const example = isInvoiceNumberFormat(format) ? formatInvoiceNumber(format, new Date().getFullYear(), 42) : '–';

  const submit = form.handleSubmit(async (values) => {
    const input = toSellerInput(values);
    const parsed = sellerSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const [key, message] of Object.entries(billingFieldErrors(parsed.error.issues, t, values.country)))
        if (isField(key)) form.setError(key, { message });
      return;
    }
    try {
      await save.mutateAsync(input);
      toast.success(t('sellerSaved'));
    } catch (error) {
      console.error(error);
      const fields = isApiError(error, 'validation') ? error.fields : {};
      for (const [key, message] of Object.entries(fields)) if (isField(key)) form.setError(key, { message });
      form.setError('root', { message: 'failed' });
    }
  });

  const field = (
    name: (typeof TEXT_FIELDS)[number],
    label: string,
    options: { required?: boolean; max: number; type?: string; hint?: string; autoComplete?: string },
  ) => (
    <Field label={label} required={options.required ?? false} hint={options.hint} error={errors[name]?.message}>
      <Input
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete ?? 'off'}
        maxLength={options.max}
        {...form.register(name, { onChange: () => clear(name) })}
      />
    </Field>
  );

  return (
    <Card className="p-6">
      <form noValidate onSubmit={(event) => {
        // Every field is judged afresh by the schema on each attempt.
        form.clearErrors();
        void submit(event);
      }} className="grid gap-8" aria-label={t('sellerTitle')}>
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{t('sellerIntro')}</p>
          {settings === null ? (
            <p className="rounded-lg bg-muted px-4 py-3 text-sm">{t('sellerEmpty')}</p>
          ) : (
            <p className="text-sm text-muted-foreground">{t('lastChanged', { date: formatDate(settings.updatedAt) })}</p>
          )}
          <RequiredNote />
        </div>
        <Group title={t('sellerAddress')}>
          {field('company', t('sellerCompany'), { required: true, max: SELLER_LIMITS.company })}
          {field('street', t('street'), { required: true, max: SELLER_LIMITS.street })}
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            {field('postcode', t('postcode'), { required: true, max: SELLER_LIMITS.postcode })}
            {field('city', t('city'), { required: true, max: SELLER_LIMITS.city })}
          </div>
          <Field label={t('country')} required error={errors.country?.message}>
            <CountrySelect
              autoComplete="off"
              {...form.register('country', { onChange: () => clear('country', 'vatId') })}
            />
          </Field>
        </Group>
        <Group title={t('sellerTax')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('vatId', t('vatId'), { max: BILLING_LIMITS.vatId * 2 })}
            {field('taxNumber', t('taxNumber'), { max: SELLER_LIMITS.taxNumber })}
            {field('registerCourt', t('registerCourt'), { max: SELLER_LIMITS.registerCourt })}
            {field('registerNumber', t('registerNumber'), { max: SELLER_LIMITS.registerNumber })}
          </div>
          {field('managingDirectors', t('managingDirectors'), { max: SELLER_LIMITS.managingDirectors })}
        </Group>
        <Group title={t('sellerBank')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('iban', t('iban_label'), { required: true, max: 34 * 2 })}
            {field('bic', t('bic_label'), { max: 22 })}
          </div>
          {field('bankName', t('bankName'), { max: SELLER_LIMITS.bankName })}
        </Group>
        <Group title={t('sellerContact')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('contactName', t('contactName'), { max: SELLER_LIMITS.contactName })}
            {field('contactPhone', t('contactPhone'), { max: SELLER_LIMITS.contactPhone, type: 'tel' })}
          </div>
          {field('contactEmail', t('contactEmail'), { max: BILLING_LIMITS.email, type: 'email' })}
        </Group>
        <Group title={t('sellerInvoices')}>
          <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <Field label={t('paymentTermsDays')} required error={errors.paymentTermsDays?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={SELLER_LIMITS.paymentTermsDays.min}
                max={SELLER_LIMITS.paymentTermsDays.max}
                step={1}
                {...form.register('paymentTermsDays', { onChange: () => clear('paymentTermsDays') })}
              />
            </Field>
            {field('invoiceNumberFormat', t('invoiceNumberFormat_label'), {
              required: true,
              max: SELLER_LIMITS.invoiceNumberFormat,
              hint: t('invoiceNumberFormatHint', { example }),
            })}
          </div>
          {field('senderEmail', t('senderEmail'), { required: true, max: BILLING_LIMITS.email, type: 'email' })}
        </Group>
        {errors.root ? <FormAlert>{t('saveFailed')}</FormAlert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? <Spinner className="size-4" /> : null}
            {t('sellerSave')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
