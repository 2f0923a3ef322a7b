import { zodResolver } from '@hookform/resolvers/zod';
import { adminPersonSchema, type AdminPerson } from '@portal/contract/admin-person';
import { ArrowLeft, KeyRound, ShieldCheck, ShieldOff, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { useParams } from 'react-router';
import { Link } from '@/components/link';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CompanyField, LanguageField, NameFields, SalutationField } from '@/components/person-fields';
import { ErrorState } from '@/components/query-state';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { useSession } from '@/hooks/use-session';
import { isApiError, isNotFoundError } from '@/lib/api-errors';
import { formatDate } from '@/lib/days';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import {
  adminPersonQueryOptions,
  useAdminPerson,
  useSendPasswordReset,
  useUpdateAdminPerson,
} from '../api/admin-persons';
import { AdminNotAllowed, AdminScreen } from '../components/admin-screen';
import { BillingProfileCard } from '@/components/billing/billing-profile-card';
import { CustomerBadges, customerName } from '../components/customer-badges';
import { CustomerPrivacy } from '../components/customer-privacy';
import { UnsavedChangesGuard } from '../hooks/use-unsaved-changes';
import { applyServerErrors, fieldErrorText } from '../utils/field-errors';

export const adminCustomerLoader: RouteDataLoader = async ({ queryClient }, { params }) => {
  if (!readSession() || !params.id) return;
  await queryClient.prefetchQuery(adminPersonQueryOptions(params.id));
};

export function AdminCustomerRoute() {
  const { t } = useTranslation('AdminCustomers');
  const { id = '' } = useParams();
  const person = useAdminPerson(id);
  const title = person.data ? customerName(person.data, t('unnamed')) : t('title');
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={paths.adminCustomers()}
        className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground focus-visible:rounded focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('back')}
      </Link>
      <AdminScreen title={title}>
        {person.isPending ? (
          <div role="status" aria-label={t('title')} className="flex flex-col gap-4">
            <Skeleton className="h-16 rounded-xl" />
            <Skeleton className="h-72 rounded-xl" />
          </div>
        ) : person.isError ? (
          isApiError(person.error, 'forbidden') ? (
            <AdminNotAllowed />
          ) : isNotFoundError(person.error) ? (
            <EmptyState title={t('notFoundTitle')}>
              <p>{t('notFoundText')}</p>
            </EmptyState>
          ) : (
            <ErrorState onRetry={() => void person.refetch()} />
          )
        ) : (
          <Customer person={person.data} />
        )}
      </AdminScreen>
    </div>
  );
}

function Customer({ person }: { person: AdminPerson }) {
  const { t } = useTranslation('AdminCustomers');
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 text-sm text-muted-foreground">
        <p className="text-base break-all text-foreground">{person.email}</p>
        <CustomerBadges person={person} />
        <p>
          {t('memberSince', { date: formatDate(person.createdAt) })} ·{' '}
          {person.lastSignInAt ? t('lastSignIn', { date: formatDate(person.lastSignInAt) }) : t('lastSignInNever')}
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* Keyed by the stored state: after a save (or a change elsewhere) the form starts from it. */}
        <DetailsForm key={`${person.id}:${person.firstname}:${person.lastname}:${person.company}:${person.language}:${person.salutation}`} person={person} />
        <AccessPanel person={person} />
      </div>
      <BillingProfileCard oid={person.id} filledBy="admin" />
      <Projects person={person} />
      <CustomerPrivacy person={person} />
    </div>
  );
}

// The contract's own field rules (the server checks the same), with the form's '' for no salutation.
const detailsSchema = adminPersonSchema
  .pick({ firstname: true, lastname: true, company: true, language: true })
  .extend({ salutation: z.enum(['', 'm', 'f']) });
type DetailsValues = z.input<typeof detailsSchema>;

function toValues(person: AdminPerson): DetailsValues {
  return {
    salutation: person.salutation ?? '',
    firstname: person.firstname,
    lastname: person.lastname,
    company: person.company,
    language: person.language,
  };
}

function DetailsForm({ person }: { person: AdminPerson }) {
  const { t } = useTranslation(['AdminCustomers', 'Form']);
  const { t: tAdmin } = useTranslation('Admin');
  const update = useUpdateAdminPerson(person.id);
  const form = useForm<DetailsValues, unknown, z.output<typeof detailsSchema>>({
    resolver: zodResolver(detailsSchema),
    defaultValues: toValues(person),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const error = (name: keyof DetailsValues) => fieldErrorText(tAdmin, errors[name]);
  const input = (name: keyof DetailsValues) => ({ field: form.register(name), error: error(name) });

  const submit = form.handleSubmit(async (values) => {
    const before = toValues(person);
    const changes: Record<string, string | null> = {};
    for (const key of Object.keys(values) as (keyof DetailsValues)[]) {
      if (values[key] !== before[key]) changes[key] = key === 'salutation' && values[key] === '' ? null : values[key];
    }
    try {
      if (Object.keys(changes).length > 0) await update.mutateAsync(changes);
      // The saved values become the form's new start (the key above remounts it with them).
      form.reset(values);
      toast.success(t('saved'));
    } catch (failure) {
      console.error(failure);
      // What was typed stays; the server's field messages go under their fields.
      applyServerErrors(failure, form.setError, ['firstname', 'lastname', 'company', 'language', 'salutation']);
      form.setError('root', { message: isApiError(failure) && failure.code !== 'validation' ? failure.message : tAdmin('saveFailed') });
    }
  });

  return (
    <section aria-labelledby="customer-details" className="rounded-xl border border-border bg-card p-5 shadow-xs">
      <h2 id="customer-details" className="mb-4 text-lg font-semibold">
        {t('detailData')}
      </h2>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <SalutationField {...input('salutation')} filledBy="admin" noneLabel={t('salutationNone')} />
          <Field label={t('email', { ns: 'Form' })} hint={t('emailReadOnly')}>
            <Input type="email" value={person.email} readOnly />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <NameFields firstname={input('firstname')} lastname={input('lastname')} filledBy="admin" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <CompanyField {...input('company')} filledBy="admin" />
          <LanguageField {...input('language')} />
        </div>
        {errors.root?.message ? <FormAlert>{errors.root.message}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => form.reset(toValues(person))}>
            {t('reset')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Spinner className="size-4" /> : null}
            {t('save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function AccessPanel({ person }: { person: AdminPerson }) {
  const { t } = useTranslation('AdminCustomers');
  const session = useSession();
  const update = useUpdateAdminPerson(person.id);
  const reset = useSendPasswordReset(person.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'disable' | 'reset' | null>(null);
  const own = session?.oid === person.id;
  const name = customerName(person, person.email);

  const fail = (error: unknown) => {
    console.error(error);
    // The server's message (last admin, own account, …) is already in the admin's language.
    setFailure(isApiError(error) && error.code !== 'internal' ? error.message : t('actionFailed'));
  };

  const change = async (changes: { isAdmin?: boolean; disabled?: boolean }, done: string) => {
    setFailure(null);
    try {
      await update.mutateAsync(changes);
      setConfirm(null);
      toast.success(done);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <section aria-labelledby="customer-access" className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-xs">
      <h2 id="customer-access" className="text-lg font-semibold">
        {t('access')}
      </h2>
      {failure && confirm === null ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{t('adminHint')}</p>
        <Button
          variant="outline"
          className="w-fit"
          disabled={update.isPending}
          onClick={() =>
            void change(
              { isAdmin: !person.isAdmin },
              person.isAdmin ? t('adminRemoved', { name }) : t('adminGranted', { name }),
            )
          }
        >
          {person.isAdmin ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
          {person.isAdmin ? t('removeAdmin') : t('makeAdmin')}
        </Button>
      </div>
      <div className="flex flex-col gap-2 border-t border-border pt-4">
        {person.disabled ? <p className="text-sm">{t('disabledNote')}</p> : null}
        {own ? <p className="text-sm text-muted-foreground">{t('ownAccountNote')}</p> : null}
        {person.disabled ? (
          <Button variant="outline" className="w-fit" disabled={update.isPending} onClick={() => void change({ disabled: false }, t('enabled'))}>
            <UserCheck aria-hidden="true" />
            {t('enable')}
          </Button>
        ) : (
          <Button
            variant="outline"
            className="w-fit"
            disabled={own}
            onClick={() => {
              setFailure(null);
              setConfirm('disable');
            }}
          >
            <UserX aria-hidden="true" />
            {t('disable')}
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-2 border-t border-border pt-4">
        <Button
          variant="outline"
          className="w-fit"
          disabled={person.disabled}
          onClick={() => {
            setFailure(null);
            setConfirm('reset');
          }}
        >
          <KeyRound aria-hidden="true" />
          {t('passwordReset')}
        </Button>
      </div>

      <ConfirmDialog
        open={confirm === 'disable'}
        onOpenChange={(open) => setConfirm(open ? 'disable' : null)}
        title={t('disableTitle')}
        description={t('disableText')}
        subject={`${name} · ${person.email}`}
        confirmLabel={t('disable')}
        failedMessage={confirm === 'disable' ? failure : null}
        pending={update.isPending}
        onConfirm={() => void change({ disabled: true }, t('disabled'))}
      />
      <AlertDialog open={confirm === 'reset'} onOpenChange={(open) => setConfirm(open ? 'reset' : null)}>
        <AlertDialogContent title={t('passwordResetTitle')} description={t('passwordResetText')}>
          <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium break-words">{person.email}</p>
          {confirm === 'reset' && failure ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {failure}
            </p>
          ) : null}
          <DialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline">{t('cancel', { ns: 'Modal' })}</Button>
            </AlertDialogCancel>
            <Button
              disabled={reset.isPending}
              onClick={() => {
                setFailure(null);
                reset.mutate(undefined, {
                  onSuccess: () => {
                    setConfirm(null);
                    toast.success(t('passwordResetSent', { email: person.email }));
                  },
                  onError: fail,
                });
              }}
            >
              {reset.isPending ? <Spinner className="size-4" /> : null}
              {t('send')}
            </Button>
          </DialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

function Projects({ person }: { person: AdminPerson }) {
  const { t } = useTranslation('AdminCustomers');
  const language = useLanguage();
  return (
    <section aria-labelledby="customer-projects" className="flex flex-col gap-3">
      <div>
        <h2 id="customer-projects" className="text-lg font-semibold">
          {t('projects')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('projectsHint')}</p>
      </div>
      {person.projects.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">{t('noProjects')}</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {person.projects.map((project) => (
            <li key={project.id} className="rounded-xl border border-border bg-card p-4 shadow-xs">
              <h3 className="font-semibold break-words">{project.name}</h3>
              {project.description ? <p className="mt-1 text-sm break-words text-muted-foreground">{project.description}</p> : null}
              <p className="mt-1 text-xs text-muted-foreground">{t('createdAt', { date: formatDate(project.createdAt) })}</p>
              {project.licences.length === 0 ? (
                <p className="mt-3 text-sm text-muted-foreground">{t('noLicences')}</p>
              ) : (
                <ul className="mt-3 flex flex-col gap-2">
                  {project.licences.map((licence) => (
                    <li key={licence.id} className="flex flex-col gap-1 rounded-lg bg-muted px-3 py-2 text-sm">
                      <span className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-medium">{localized(licence.serviceName, language)}</span>
                        <Badge tone={licence.online ? 'success' : 'neutral'}>
                          {licence.online ? t('licenceOnline') : t('licenceOffline')}
                        </Badge>
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {t('licenceKey')}: <code className="break-all">{licence.licenceKey}</code>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
