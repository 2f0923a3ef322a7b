import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Check, Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { useSearchParams } from '@/hooks/use-search-params';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  ADMIN_CONTENT_LIMITS,
  adminContactRequestPatchSchema,
  contactRequestStateSchema,
  type AdminContactRequest,
  type ContactRequestState,
} from '@portal/contract/admin-content';
import { QueryState } from '@/components/query-state';
import { AutoGrowTextarea } from '@/components/ui/auto-grow-textarea';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/days';
import { localized } from '@/lib/localized';
import { isApiError } from '@/lib/api-errors';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { adminContactRequestsQueryOptions, useUpdateContactRequest, type ContactQuery } from '../api/admin-contact-requests';
import { AdminScreen } from '../components/admin-screen';
import { Pagination } from '../components/pagination';
import { UnsavedChangesGuard } from '../hooks/use-unsaved-changes';
import { contentFieldError } from '../utils/content-field-error';

function queryOf(search: URLSearchParams): ContactQuery {
  const page = Number(search.get('page'));
  const state = contactRequestStateSchema.safeParse(search.get('state'));
  return { state: state.success ? state.data : '', page: Number.isInteger(page) && page > 0 ? page : 1 };
}

export const adminContactLoader: RouteDataLoader = async ({ queryClient }, { request }) => {
  if (!readSession()) return;
  await queryClient.prefetchQuery(adminContactRequestsQueryOptions(queryOf(new URL(request.url).searchParams)));
};

const formSchema = z.object({
  state: contactRequestStateSchema,
  note: adminContactRequestPatchSchema.shape.note.unwrap(),
});
type FormValues = z.infer<typeof formSchema>;

/** DD.MM.YYYY HH:MM in the viewer's time. */
function formatDateTime(iso: string): string {
  const date = new Date(iso);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(iso)} ${time}`;
}

const stateTone = { new: 'accent', in_progress: 'warning', done: 'success' } as const;
const mailTone = { queued: 'warning', sent: 'success', failed: 'warning' } as const;

/** /admin/contact: contact requests newest first, with their state, the notice mail's delivery and a note. */
export function AdminContactRoute() {
  const { t } = useTranslation('AdminContent');
  return (
    <AdminScreen title={t('contactTitle')}>
      <Requests />
    </AdminScreen>
  );
}

function Requests() {
  const { t } = useTranslation('AdminContent');
  const [search, setSearch] = useSearchParams();
  const query = queryOf(search);
  const requests = useQuery(adminContactRequestsQueryOptions(query));
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const markDirty = (id: string, isDirty: boolean) =>
    setDirty((ids) => {
      if (ids.has(id) === isDirty) return ids;
      const next = new Set(ids);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });

  const change = (next: Partial<ContactQuery>) => {
    if (dirty.size > 0 && !window.confirm(t('discardChanges'))) return;
    setDirty(new Set());
    const merged = { ...query, page: 1, ...next };
    const params = new URLSearchParams();
    if (merged.state) params.set('state', merged.state);
    if (merged.page > 1) params.set('page', String(merged.page));
    setSearch(params);
  };

  return (
    <div className="flex flex-col gap-5">
      <UnsavedChangesGuard when={dirty.size > 0} />
      <div className="max-w-xs">
        <Field label={t('contactFilter')}>
          <NativeSelect value={query.state} onChange={(event) => change({ state: event.target.value })}>
            <option value="">{t('contactAll')}</option>
            {contactRequestStateSchema.options.map((state) => (
              <option key={state} value={state}>
                {t(`state_${state}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <QueryState query={requests} pending={<Skeleton className="h-64 w-full rounded-xl" />}>
        {(list) =>
          list.items.length === 0 ? (
            <EmptyState title={t('contactEmpty')} />
          ) : (
            <>
              <ul className="grid gap-3" aria-label={t('contactTitle')}>
                {list.items.map((request) => (
                  <li key={request.id}>
                    <RequestCard request={request} onDirty={markDirty} />
                  </li>
                ))}
              </ul>
              <Pagination page={list.page} pageSize={list.pageSize} total={list.total} onPage={(page) => change({ page })} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function RequestCard({
  request,
  onDirty,
}: {
  request: AdminContactRequest;
  onDirty: (id: string, dirty: boolean) => void;
}) {
  const { t } = useTranslation('AdminContent');
  const language = useLanguage();
  const { t: tAdmin } = useTranslation('Admin');
  const update = useUpdateContactRequest();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { state: request.state, note: request.note },
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  useEffect(() => {
    onDirty(request.id, isDirty);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onDirty changes every render; only the flag matters
  }, [request.id, isDirty]);

  const send = async (values: FormValues) => {
    try {
      const saved = await update.mutateAsync({ id: request.id, changes: values });
      form.reset({ state: saved.state, note: saved.note });
      toast.success(t('contactSaved'));
    } catch (failure) {
      const message = isApiError(failure) ? failure.fields.note : undefined;
      if (message) form.setError('note', { type: 'server', message });
      form.setError('root', { type: 'server', message: t('saveFailed') });
    }
  };
  const submit = form.handleSubmit(send);
  const markDone = () => {
    form.setValue('state', 'done', { shouldDirty: true });
    void submit();
  };

  const headingId = `contact-${request.id}`;
  const name = `${request.firstname} ${request.lastname}`;
  return (
    <Card className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="font-semibold">
            {name}
          </h2>
          <p className="text-sm break-all">
            <a className="underline-offset-4 hover:underline" href={`mailto:${request.email}`}>
              {request.email}
            </a>
          </p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
            {' · '}
            {request.language === 'de' ? t('german') : t('english')}
          </p>
          {request.topic === 'offer' ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Badge tone="accent">{t('contactTopicOffer')}</Badge>
              {request.package
                ? t('contactPackage', { name: localized(request.package, language) })
                : t('contactPackageOpen')}
            </p>
          ) : null}
          {request.privacy ? (
            <p className="text-xs text-muted-foreground">
              {request.privacy.version
                ? t('contactPrivacy', {
                    version: formatDateTime(request.privacy.version),
                    acceptedAt: formatDateTime(request.privacy.acceptedAt),
                  })
                : t('contactPrivacyNoPage', { acceptedAt: formatDateTime(request.privacy.acceptedAt) })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge tone={stateTone[request.state]}>{t(`state_${request.state}`)}</Badge>
          <Badge tone={request.mail ? mailTone[request.mail.state] : 'neutral'} title={request.mail?.lastError ?? undefined}>
            <Mail aria-hidden="true" className="size-3" />
            {request.mail ? t(`mail_${request.mail.state}`) : t('mail_none')}
          </Badge>
        </div>
      </div>
      {request.message ? (
        <p className="text-sm whitespace-pre-wrap">{request.message}</p>
      ) : (
        <p className="text-sm text-muted-foreground">{t('contactNoMessage')}</p>
      )}
      <form noValidate aria-labelledby={headingId} onSubmit={(event) => void submit(event)} className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
          <Field label={t('contactState')}>
            <NativeSelect {...form.register('state')}>
              {contactRequestStateSchema.options.map((state: ContactRequestState) => (
                <option key={state} value={state}>
                  {t(`state_${state}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t('contactNote')} hint={t('contactNoteHint')} error={contentFieldError(tAdmin, errors.note)}>
            <AutoGrowTextarea maxLength={ADMIN_CONTENT_LIMITS.note} {...form.register('note')} />
          </Field>
        </div>
        {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant={isDirty ? 'primary' : 'outline'} disabled={isSubmitting || !isDirty}>
            {isSubmitting ? <Spinner className="size-4" /> : null}
            {t('save')}
          </Button>
          {request.state !== 'done' ? (
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={markDone}>
              <Check aria-hidden="true" />
              {t('contactMarkDone')}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
