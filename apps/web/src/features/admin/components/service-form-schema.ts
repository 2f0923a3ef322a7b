import { z } from 'zod';
import {
  ADMIN_SERVICE_LIMITS,
  adminServiceSchema,
  type AdminService,
  type AdminServicePatch,
} from '@portal/contract/admin-service';
import type { TFunction } from 'i18next';
import { formatDate, parseDate } from '@/lib/days';
import { fieldErrorText } from '../utils/field-errors';

// The service form edits the contract's fields (the same limits as the server). Where a person
// types something else than the API carries, the form holds text: prices in euros ("12,90",
// sent in cents), the data date as DD.MM.YYYY, and an empty field for "none" (sent as null).

const shape = adminServiceSchema.shape;
const euros = z
  .string()
  .trim()
  .regex(/^\d{1,7}(?:[.,]\d{1,2})?$/, 'invalid')
  .refine((value) => toCents(value) <= ADMIN_SERVICE_LIMITS.cents, 'invalid');
const optional = <T extends z.ZodType<string>>(schema: T) => z.union([z.literal(''), schema]);

export const serviceFormSchema = z.object({
  id: shape.id,
  category: shape.category,
  name: shape.name,
  descriptionShort: shape.descriptionShort,
  description: shape.description,
  accounting: shape.accounting,
  pricePer1000Calls: euros,
  monthlyFee: euros,
  singlePayment: euros,
  demoHref: optional(shape.demoHref.unwrap()),
  dataCopyright: optional(shape.dataCopyright.unwrap()),
  dataLastUpdate: z
    .string()
    .trim()
    .refine((value) => value === '' || parseDate(value) !== null, 'invalid'),
  integrationCode: z.object({
    type: shape.integrationCode.shape.type,
    template: shape.integrationCode.shape.template,
    backendTemplate: shape.integrationCode.shape.backendTemplate.unwrap(),
  }),
  settingsForm: shape.settingsForm,
});
export type ServiceFormValues = z.infer<typeof serviceFormSchema>;

export function toCents(euros: string): number {
  return Math.round(Number(euros.trim().replace(',', '.')) * 100);
}

const toEuros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export const LICENCE_KEY_EXAMPLE = 'lk_Beispiel0123456789';

export function toFormValues(service: AdminService | null): ServiceFormValues {
  return {
    id: service?.id ?? '',
    category: service?.category ?? '',
    name: { de: service?.name.de ?? '', en: service?.name.en ?? '' },
    descriptionShort: { de: service?.descriptionShort.de ?? '', en: service?.descriptionShort.en ?? '' },
    description: { de: service?.description.de ?? '', en: service?.description.en ?? '' },
    accounting: service?.accounting ?? 'request',
    pricePer1000Calls: toEuros(service?.pricePer1000CallsCents ?? 0),
    monthlyFee: toEuros(service?.monthlyFeeCents ?? 0),
    singlePayment: toEuros(service?.singlePaymentCents ?? 0),
    demoHref: service?.demoHref ?? '',
    dataCopyright: service?.dataCopyright ?? '',
    dataLastUpdate: service?.dataLastUpdate ? formatDate(service.dataLastUpdate) : '',
    integrationCode: {
      type: service?.integrationCode.type ?? 'javascript',
      template: service?.integrationCode.template ?? '',
      backendTemplate: service?.integrationCode.backendTemplate ?? '',
    },
    settingsForm: service?.settingsForm ?? [],
  };
}

/** The fields the form edits, as the API takes them (images and retirement have their own calls). */
export function toServiceBody(values: ServiceFormValues): Required<Omit<AdminServicePatch, 'gallery' | 'logo' | 'thumbnail' | 'retired'>> {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    id: values.id,
    category: values.category,
    name: values.name,
    descriptionShort: values.descriptionShort,
    description: values.description,
    accounting: values.accounting,
    pricePer1000CallsCents: toCents(values.pricePer1000Calls),
    monthlyFeeCents: toCents(values.monthlyFee),
    singlePaymentCents: toCents(values.singlePayment),
    demoHref: orNull(values.demoHref),
    dataCopyright: orNull(values.dataCopyright),
    dataLastUpdate: values.dataLastUpdate.trim() === '' ? null : parseDate(values.dataLastUpdate),
    integrationCode: {
      type: values.integrationCode.type,
      template: values.integrationCode.template,
      backendTemplate: values.integrationCode.backendTemplate.trim() === '' ? null : values.integrationCode.backendTemplate,
    },
    settingsForm: values.settingsForm,
  };
}

/** Server field names (contract paths) → the form's, where they differ. */
export function formFieldOf(serverField: string): string {
  const renamed: Record<string, string> = {
    pricePer1000CallsCents: 'pricePer1000Calls',
    monthlyFeeCents: 'monthlyFee',
    singlePaymentCents: 'singlePayment',
  };
  return renamed[serverField] ?? serverField;
}

/**
 * The message of a field's error. A pattern the contract checks (id, category, link) is not an
 * e-mail address: such a failure reads as "invalid value", not as the e-mail message.
 */
export function serviceFieldError(
  t: TFunction<'Admin'>,
  error: { type?: string | number; message?: string } | undefined,
): string | undefined {
  if (error?.type === 'invalid_format' && !/email/i.test(error.message ?? '')) return t('fieldInvalid');
  return fieldErrorText(t, error);
}
