import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  ADMIN_CONTENT_LIMITS,
  adminPricePackageSchema,
  type AdminPricePackage,
} from '@portal/contract/admin-content';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-errors';
import { localized } from '@/lib/localized';
import { formatCalls, formatPrice } from '@/lib/numbers';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import {
  adminPricePackagesQueryOptions,
  useDeletePricePackage,
  useSavePricePackage,
} from '../api/admin-price-packages';
import { ListSkeleton } from '../components/list-skeleton';
import { EntryEditorFooter, OrderedContentList, OrderedContentScreen } from '../components/ordered-content';
import { UnsavedChangesGuard } from '../hooks/use-unsaved-changes';
import { contentFieldError } from '../utils/content-field-error';

export const adminPricesLoader: RouteDataLoader = async ({ queryClient }) => {
  if (!readSession()) return;
  await queryClient.prefetchQuery(adminPricePackagesQueryOptions());
};

const L = ADMIN_CONTENT_LIMITS;

// The form edits the contract's fields; the price is typed in euros ("12,90") and sent in cents.
const formSchema = adminPricePackageSchema.pick({ name: true, description: true }).extend({
  price: z
    .string()
    .trim()
    .min(1)
    .regex(/^\d{1,7}(?:[.,]\d{1,2})?$/, 'invalid'),
  calls: z
    .string()
    .trim()
    .min(1)
    .regex(/^\d{1,10}$/, 'invalid')
    .refine((value) => Number(value) <= L.calls, 'invalid'),
});
type FormValues = z.infer<typeof formSchema>;

const toCents = (price: string) => Math.round(Number(price.replace(',', '.')) * 100);

function toValues(pack: AdminPricePackage | null): FormValues {
  return {
    name: { de: pack?.name.de ?? '', en: pack?.name.en ?? '' },
    description: { de: pack?.description.de ?? '', en: pack?.description.en ?? '' },
    price: pack ? (pack.grossMonthlyCents / 100).toFixed(2).replace('.', ',') : '',
    calls: pack ? String(pack.calls) : '',
  };
}

/** /admin/prices: the packages of /price in their order; create, edit, move and delete them. */
export function AdminPricesRoute() {
  const { t } = useTranslation('AdminContent');
  return (
    <OrderedContentScreen<AdminPricePackage>
      title={t('pricesTitle')}
      newLabel={t('pricesNew')}
      list={(onEdit) => <PackageList onEdit={onEdit} />}
      editor={(pack, onDone) => <PackageEditor pack={pack} onDone={onDone} />}
    />
  );
}

function PackageList({ onEdit }: { onEdit: (pack: AdminPricePackage) => void }) {
  const { t } = useTranslation('AdminContent');
  const language = useLanguage();
  const query = useQuery(adminPricePackagesQueryOptions());
  const save = useSavePricePackage();
  const remove = useDeletePricePackage();
  return (
    <OrderedContentList
      intro={t('pricesIntro')}
      label={t('pricesTitle')}
      emptyTitle={t('pricesEmpty')}
      query={query}
      pending={<ListSkeleton />}
      nameOf={(pack) => localized(pack.name, language)}
      summary={(pack, name) => (
        <>
          <h2 className="font-semibold">{name}</h2>
          <p className="text-sm text-muted-foreground">
            {t('pricesSummary', {
              price: formatPrice(pack.grossMonthlyCents / 100),
              calls: formatCalls(pack.calls),
            })}
          </p>
        </>
      )}
      moving={save.isPending}
      onMove={(pack, position) =>
        save.mutate({ id: pack.id, changes: { position } }, { onError: () => toast.error(t('saveFailed')) })
      }
      onEdit={onEdit}
      remove={remove}
      deleteTitle={t('pricesDeleteTitle')}
      deleteText={t('pricesDeleteText')}
    />
  );
}

/** Server field names → the form's. */
const serverFields: Record<string, keyof FormValues | `${'name' | 'description'}.${'de' | 'en'}`> = {
  'name.de': 'name.de',
  'name.en': 'name.en',
  'description.de': 'description.de',
  'description.en': 'description.en',
  grossMonthlyCents: 'price',
  calls: 'calls',
};

function PackageEditor({ pack, onDone }: { pack: AdminPricePackage | null; onDone: () => void }) {
  const { t } = useTranslation('AdminContent');
  const { t: tAdmin } = useTranslation('Admin');
  const save = useSavePricePackage();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: toValues(pack) });
  const { errors, isDirty, isSubmitting, isSubmitSuccessful } = form.formState;
  const error = (e: { type?: string | number; message?: string } | undefined) => contentFieldError(tAdmin, e);

  const submit = form.handleSubmit(async (values) => {
    const changes = {
      name: values.name,
      description: values.description,
      grossMonthlyCents: toCents(values.price),
      calls: Number(values.calls),
    };
    try {
      await save.mutateAsync({ id: pack?.id ?? null, changes });
      toast.success(t('saved'));
      onDone();
    } catch (failure) {
      // What was typed stays; the server's messages go to their fields.
      if (isApiError(failure)) {
        for (const [field, message] of Object.entries(failure.fields)) {
          const target = serverFields[field];
          if (target) form.setError(target, { type: 'server', message });
        }
      }
      form.setError('root', { type: 'server', message: t('saveFailed') });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid max-w-3xl gap-5">
      <UnsavedChangesGuard when={isDirty && !isSubmitSuccessful} />
      <h2 className="text-xl font-semibold">{pack ? t('pricesEditTitle') : t('pricesNewTitle')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('nameDe')} error={error(errors.name?.de)} required>
          <Input maxLength={L.packageName} {...form.register('name.de')} />
        </Field>
        <Field label={t('nameEn')} error={error(errors.name?.en)} required>
          <Input maxLength={L.packageName} {...form.register('name.en')} />
        </Field>
        <Field label={t('descriptionDe')} error={error(errors.description?.de)} required>
          <Textarea rows={4} maxLength={L.packageDescription} {...form.register('description.de')} />
        </Field>
        <Field label={t('descriptionEn')} error={error(errors.description?.en)} required>
          <Textarea rows={4} maxLength={L.packageDescription} {...form.register('description.en')} />
        </Field>
        <Field label={t('priceNet')} hint={t('priceHint')} error={error(errors.price)} required>
          <Input inputMode="decimal" autoComplete="off" {...form.register('price')} />
        </Field>
        <Field label={t('calls')} hint={t('callsHint')} error={error(errors.calls)} required>
          <Input inputMode="numeric" autoComplete="off" {...form.register('calls')} />
        </Field>
      </div>
      <EntryEditorFooter rootError={errors.root?.message} submitting={isSubmitting} dirty={isDirty} onDone={onDone} />
    </form>
  );
}
