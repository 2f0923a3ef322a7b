import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArchiveRestore, Archive, ArrowLeft, ExternalLink } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { useNavigate, useParams } from 'react-router';
import { Link } from '@/components/link';
import { toast } from 'sonner';
import { ADMIN_SERVICE_LIMITS, type AdminService } from '@portal/contract/admin-service';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { SanitizedHtml } from '@/components/sanitized-html';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-errors';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { adminServiceQueryOptions, useSaveService, useSetRetired } from '../api/admin-services';
import { AdminScreen } from '../components/admin-screen';
import { CodeTemplateField } from '../components/code-template-field';
import {
  formFieldOf,
  serviceFieldError,
  serviceFormSchema,
  toFormValues,
  toServiceBody,
  type ServiceFormValues,
} from '../components/service-form-schema';
import { ServiceApiVersions } from '../components/service-api-versions';
import { ServiceImages } from '../components/service-images';
import { SettingsFormEditor } from '../components/settings-form-editor';
import { UnsavedChangesGuard } from '../hooks/use-unsaved-changes';

const L = ADMIN_SERVICE_LIMITS;

export const adminServiceLoader: RouteDataLoader = async ({ queryClient }, { params }) => {
  if (!readSession() || !params.id) return;
  await queryClient.prefetchQuery(adminServiceQueryOptions(params.id));
};

/** /admin/services/new: a service without pictures; they are added once it is saved. */
export function AdminServiceNewRoute() {
  const { t } = useTranslation('AdminServices');
  return (
    <AdminScreen title={t('newTitle')}>
      <BackLink />
      <ServiceForm service={null} />
    </AdminScreen>
  );
}

/** /admin/services/{id}: every field in both languages, pictures, retirement. */
export function AdminServiceEditRoute() {
  const { t } = useTranslation('AdminServices');
  const language = useLanguage();
  const { id = '' } = useParams();
  const query = useQuery(adminServiceQueryOptions(id));
  const title = query.data ? localized(query.data.name, language) : t('editTitle');
  return (
    <AdminScreen title={title}>
      <BackLink />
      <QueryState query={query} pending={<Skeleton className="h-96 w-full rounded-xl" />}>
        {(service) => (
          <Tabs defaultValue="service">
            <TabsList aria-label={title}>
              <TabsTrigger value="service">{t('tabService')}</TabsTrigger>
              <TabsTrigger value="api">{t('tabApi')}</TabsTrigger>
            </TabsList>
            <TabsContent value="service" className="flex flex-col gap-8">
              <RetireBar service={service} />
              {/* Keyed by id: another service gets a fresh form, never this one's typing. */}
              <ServiceForm key={service.id} service={service} />
              <Section title={t('sectionImages')}>
                <ServiceImages service={service} />
              </Section>
            </TabsContent>
            <TabsContent value="api">
              <Section title={t('sectionApi')} description={t('sectionApiHint')}>
                <ServiceApiVersions
                  serviceId={service.id}
                  publicPath={paths.serviceApi(localized(service.name, language), service.id)}
                />
              </Section>
            </TabsContent>
          </Tabs>
        )}
      </QueryState>
    </AdminScreen>
  );
}

function BackLink() {
  const { t } = useTranslation('AdminServices');
  return (
    <div>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.adminServices()}>
          <ArrowLeft aria-hidden="true" />
          {t('backToList')}
        </Link>
      </Button>
    </div>
  );
}

function Section({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-xs sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function RetireBar({ service }: { service: AdminService }) {
  const { t } = useTranslation('AdminServices');
  const language = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const retire = useSetRetired(service.id);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">{t('state')}</span>
          {service.retired ? (
            <Badge tone="warning">{t('retiredBadge')}</Badge>
          ) : (
            <Badge tone="success">{t('liveBadge')}</Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{service.retired ? t('retiredText') : t('liveText')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!service.retired ? (
          <Button asChild variant="outline">
            <a href={paths.service(localized(service.name, language), service.id)} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              {t('viewPublic')}
            </a>
          </Button>
        ) : null}
        {service.retired ? (
          <Button
            variant="outline"
            disabled={retire.isPending}
            onClick={() =>
              retire.mutate(false, {
                onSuccess: () => toast.success(t('restored')),
                onError: () => toast.error(t('saveFailed')),
              })
            }
          >
            <ArchiveRestore aria-hidden="true" />
            {t('restore')}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <Archive aria-hidden="true" />
            {t('retire')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) retire.reset();
        }}
        title={t('retireTitle')}
        description={t('retireText')}
        subject={localized(service.name, language)}
        confirmLabel={t('retire')}
        failedMessage={retire.isError ? t('saveFailed') : null}
        pending={retire.isPending}
        onConfirm={() =>
          retire.mutate(true, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('retiredDone'));
            },
          })
        }
      />
    </div>
  );
}

type Language = 'de' | 'en';

function ServiceForm({ service }: { service: AdminService | null }) {
  const { t } = useTranslation('AdminServices');
  const { t: tAdmin } = useTranslation('Admin');
  const navigate = useNavigate();
  const save = useSaveService();
  const form = useForm<ServiceFormValues>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: toFormValues(service),
    mode: 'onTouched',
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  // Set once a new service is stored: the guard lets go, then (next render) the address moves
  // to the service's own page, where its pictures can be added.
  const [createdId, setCreatedId] = useState<string | null>(null);
  useEffect(() => {
    if (createdId) void navigate(paths.adminService(createdId), { replace: true });
  }, [createdId, navigate]);
  const error = (e: { type?: string | number; message?: string } | undefined) => serviceFieldError(tAdmin, e);
  const codeType = useWatch({ control: form.control, name: 'integrationCode.type' });
  const template = useWatch({ control: form.control, name: 'integrationCode.template' });
  const backendTemplate = useWatch({ control: form.control, name: 'integrationCode.backendTemplate' });
  const descriptions = useWatch({ control: form.control, name: 'description' });

  const submit = form.handleSubmit(async (values) => {
    const body = toServiceBody(values);
    try {
      const result = await save.mutateAsync({ id: service?.id ?? null, changes: body });
      toast.success(t('saved'));
      form.reset(toFormValues(result));
      if (!service) setCreatedId(result.id);
    } catch (failure) {
      // What was typed stays in the form; the server's field messages go to their fields.
      if (isApiError(failure)) {
        for (const [field, message] of Object.entries(failure.fields)) {
          form.setError(formFieldOf(field) as FieldPath<ServiceFormValues>, { type: 'server', message });
        }
        if (failure.status === 409) form.setError('id', { type: 'server', message: t('idTaken') });
      }
      form.setError('root', { type: 'server', message: t('saveFailed') });
    }
  });

  const languageTab = (language: Language) => (
    <TabsContent value={language} className="flex flex-col gap-4 pt-4">
      <Field label={t(`name_${language}`)} error={error(errors.name?.[language])} required>
        <Input maxLength={L.name} {...form.register(`name.${language}`)} />
      </Field>
      <Field label={t(`descriptionShort_${language}`)} error={error(errors.descriptionShort?.[language])}>
        <Textarea rows={3} maxLength={L.descriptionShort} {...form.register(`descriptionShort.${language}`)} />
      </Field>
      <div className="grid gap-4 lg:grid-cols-2">
        <Field
          label={t(`description_${language}`)}
          hint={t('descriptionHint')}
          error={error(errors.description?.[language])}
        >
          <Textarea rows={12} maxLength={L.description} className="font-mono text-sm" {...form.register(`description.${language}`)} />
        </Field>
        <div className="grid content-start gap-1.5">
          <p className="text-sm font-medium">{t('preview')}</p>
          <div className="min-h-24 rounded-lg border border-border p-4">
            <SanitizedHtml html={descriptions[language]} />
          </div>
        </div>
      </div>
    </TabsContent>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-8">
      <UnsavedChangesGuard when={isDirty && createdId === null} />
      <Section title={t('sectionBasics')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('id')} hint={service ? t('idFixed') : t('idHint')} error={error(errors.id)} required>
            <Input autoComplete="off" maxLength={64} readOnly={service !== null} {...form.register('id')} />
          </Field>
          <Field label={t('category')} hint={t('categoryHint')} error={error(errors.category)} required>
            <Input autoComplete="off" maxLength={50} {...form.register('category')} />
          </Field>
          <Field label={t('accounting')} error={error(errors.accounting)}>
            <NativeSelect {...form.register('accounting')}>
              <option value="request">{t('accounting_request')}</option>
              <option value="pageview">{t('accounting_pageview')}</option>
              <option value="monthly">{t('accounting_monthly')}</option>
            </NativeSelect>
          </Field>
        </div>
      </Section>

      <Section title={t('sectionTexts')} description={t('textsIntro')}>
        <Tabs defaultValue="de">
          <TabsList aria-label={t('sectionTexts')}>
            <TabsTrigger value="de">
              {t('languageDe')}
              {errors.name?.de || errors.descriptionShort?.de || errors.description?.de ? <ErrorDot /> : null}
            </TabsTrigger>
            <TabsTrigger value="en">
              {t('languageEn')}
              {errors.name?.en || errors.descriptionShort?.en || errors.description?.en ? <ErrorDot /> : null}
            </TabsTrigger>
          </TabsList>
          {languageTab('de')}
          {languageTab('en')}
        </Tabs>
      </Section>

      <Section title={t('sectionPrices')} description={t('pricesIntro')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('pricePer1000Calls')} hint={t('euroHint')} error={error(errors.pricePer1000Calls)}>
            <Input inputMode="decimal" autoComplete="off" {...form.register('pricePer1000Calls')} />
          </Field>
          <Field label={t('monthlyFee')} hint={t('euroHint')} error={error(errors.monthlyFee)}>
            <Input inputMode="decimal" autoComplete="off" {...form.register('monthlyFee')} />
          </Field>
          <Field label={t('singlePayment')} hint={t('euroHint')} error={error(errors.singlePayment)}>
            <Input inputMode="decimal" autoComplete="off" {...form.register('singlePayment')} />
          </Field>
        </div>
      </Section>

      <Section title={t('sectionData')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('demoHref')} hint={t('demoHrefHint')} error={error(errors.demoHref)}>
            <Input type="url" autoComplete="off" maxLength={L.demoHref} {...form.register('demoHref')} />
          </Field>
          <Field label={t('dataCopyright')} error={error(errors.dataCopyright)}>
            <Input autoComplete="off" maxLength={L.dataCopyright} {...form.register('dataCopyright')} />
          </Field>
          <Field label={t('dataLastUpdate')} hint={t('dateHint')} error={error(errors.dataLastUpdate)}>
            <Input inputMode="numeric" autoComplete="off" {...form.register('dataLastUpdate')} />
          </Field>
        </div>
      </Section>

      <Section title={t('sectionCode')} description={t('codeIntro')}>
        <div className="sm:w-64">
          <Field label={t('codeType')}>
            <NativeSelect {...form.register('integrationCode.type')}>
              <option value="javascript">JavaScript</option>
              <option value="html">HTML</option>
            </NativeSelect>
          </Field>
        </div>
        <CodeTemplateField
          label={t('templateFrontend')}
          type={codeType}
          value={template}
          error={error(errors.integrationCode?.template)}
          textarea={{ maxLength: L.template, ...form.register('integrationCode.template') }}
        />
        <CodeTemplateField
          label={t('templateBackend')}
          hint={t('templateBackendHint')}
          type="php"
          value={backendTemplate}
          error={error(errors.integrationCode?.backendTemplate)}
          textarea={{ maxLength: L.template, ...form.register('integrationCode.backendTemplate') }}
        />
      </Section>

      <Section title={t('sectionSettings')} description={t('settingsIntro')}>
        <SettingsFormEditor form={form} />
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Spinner className="size-4" /> : null}
            {service ? t('save') : t('create')}
          </Button>
          {isDirty ? <span className="text-sm text-muted-foreground">{t('unsavedHint')}</span> : null}
        </div>
      </div>
    </form>
  );
}

function ErrorDot() {
  const { t } = useTranslation('AdminServices');
  return (
    <span className="ml-1.5 inline-block size-2 rounded-full bg-red-600 dark:bg-red-400" role="img" aria-label={t('tabHasErrors')} />
  );
}
