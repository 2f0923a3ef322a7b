import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  ADMIN_CONTENT_LIMITS,
  LINKED_LEGAL_PAGES,
  adminLegalPageSchema,
  type AdminLegalPage,
} from '@portal/contract/admin-content';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { SanitizedHtml } from '@/components/sanitized-html';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-errors';
import { formatDate } from '@/lib/days';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { adminLegalPagesQueryOptions, useDeleteLegalPage, useSaveLegalPage } from '../api/admin-legal-pages';
import { AdminScreen } from '../components/admin-screen';
import { UnsavedChangesGuard } from '../hooks/use-unsaved-changes';
import { contentFieldError } from '../utils/content-field-error';

export const adminLegalLoader: RouteDataLoader = async ({ queryClient }) => {
  if (!readSession()) return;
  await queryClient.prefetchQuery(adminLegalPagesQueryOptions());
};

const L = ADMIN_CONTENT_LIMITS;
const linked: ReadonlySet<string> = new Set(LINKED_LEGAL_PAGES);
const formSchema = adminLegalPageSchema.pick({ internalName: true, title: true, html: true });
type FormValues = z.infer<typeof formSchema>;
type ListedPage = AdminLegalPage & { updatedAt: string };

/** /admin/legal: the legal pages in their order; create, edit (HTML with preview), move and delete. */
export function AdminLegalRoute() {
  const { t } = useTranslation('AdminContent');
  const [editing, setEditing] = useState<ListedPage | 'new' | null>(null);
  return (
    <AdminScreen
      title={t('legalTitle')}
      actions={
        editing === null ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            {t('legalNew')}
          </Button>
        ) : null
      }
    >
      {editing === null ? (
        <PageList onEdit={setEditing} />
      ) : (
        <PageEditor page={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
    </AdminScreen>
  );
}

function PageList({ onEdit }: { onEdit: (page: ListedPage) => void }) {
  const { t } = useTranslation('AdminContent');
  const language = useLanguage();
  const query = useQuery(adminLegalPagesQueryOptions());
  const save = useSaveLegalPage();
  const remove = useDeleteLegalPage();
  const [deleting, setDeleting] = useState<ListedPage | null>(null);
  const move = (page: ListedPage, position: number) =>
    save.mutate({ id: page.id, changes: { position } }, { onError: () => toast.error(t('saveFailed')) });

  return (
    <>
      <p className="max-w-2xl text-sm text-muted-foreground">{t('legalIntro')}</p>
      <QueryState
        query={query}
        pending={<Skeleton className="h-40 w-full rounded-xl" />}
      >
        {(list) =>
          list.items.length === 0 ? (
            <EmptyState title={t('legalEmpty')} />
          ) : (
            <ol className="grid gap-3" aria-label={t('legalTitle')}>
              {list.items.map((page, index) => {
                const title = localized(page.title, language);
                return (
                  <li key={page.id}>
                    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                      <div className="flex min-w-0 flex-col gap-1">
                        <h2 className="flex flex-wrap items-center gap-2 font-semibold">
                          {title}
                          {linked.has(page.internalName) ? <Badge>{t('legalLinked')}</Badge> : null}
                        </h2>
                        <p className="text-sm break-all text-muted-foreground">
                          <Link className="underline-offset-4 hover:underline" to={paths.legal(page.internalName)}>
                            {paths.legal(page.internalName)}
                            <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5" />
                          </Link>
                          {' · '}
                          {t('updatedAt', { date: formatDate(page.updatedAt) })}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="outline"
                          size="icon"
                          aria-label={t('moveUp', { name: title })}
                          disabled={index === 0 || save.isPending}
                          onClick={() => move(page, index - 1)}
                        >
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button
                          variant="outline"
                          size="icon"
                          aria-label={t('moveDown', { name: title })}
                          disabled={index === list.items.length - 1 || save.isPending}
                          onClick={() => move(page, index + 1)}
                        >
                          <ArrowDown aria-hidden="true" />
                        </Button>
                        <Button variant="outline" onClick={() => onEdit(page)} aria-label={t('editNamed', { name: title })}>
                          <Pencil aria-hidden="true" />
                          {t('edit')}
                        </Button>
                        {linked.has(page.internalName) ? null : (
                          <Button
                            variant="outline"
                            onClick={() => setDeleting(page)}
                            aria-label={t('deleteNamed', { name: title })}
                          >
                            <Trash2 aria-hidden="true" />
                            {t('delete')}
                          </Button>
                        )}
                      </div>
                    </Card>
                  </li>
                );
              })}
            </ol>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={t('legalDeleteTitle')}
        description={t('legalDeleteText')}
        subject={deleting ? localized(deleting.title, language) : ''}
        confirmLabel={t('delete')}
        failedMessage={remove.isError ? t('saveFailed') : null}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('deleted'));
            },
          })
        }
      />
    </>
  );
}

const serverFields = ['internalName', 'title.de', 'title.en', 'html.de', 'html.en'] as const;

function PageEditor({ page, onDone }: { page: ListedPage | null; onDone: () => void }) {
  const { t } = useTranslation('AdminContent');
  const { t: tAdmin } = useTranslation('Admin');
  const save = useSaveLegalPage();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      internalName: page?.internalName ?? '',
      title: { de: page?.title.de ?? '', en: page?.title.en ?? '' },
      html: { de: page?.html.de ?? '', en: page?.html.en ?? '' },
    },
  });
  const { errors, isDirty, isSubmitting, isSubmitSuccessful } = form.formState;
  const html = useWatch({ control: form.control, name: 'html' });
  const error = (e: { type?: string | number; message?: string } | undefined) => contentFieldError(tAdmin, e);
  const fixedName = page !== null && linked.has(page.internalName);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: page?.id ?? null, changes: values });
      toast.success(t('saved'));
      onDone();
    } catch (failure) {
      if (isApiError(failure)) {
        for (const field of serverFields) {
          const message = failure.fields[field];
          if (message) form.setError(field, { type: 'server', message });
        }
      }
      form.setError('root', { type: 'server', message: t('saveFailed') });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <UnsavedChangesGuard when={isDirty && !isSubmitSuccessful} />
      <h2 className="text-xl font-semibold">{page ? t('legalEditTitle') : t('legalNewTitle')}</h2>
      <div className="grid max-w-3xl gap-4 sm:grid-cols-2">
        <Field
          label={t('internalName')}
          hint={fixedName ? t('internalNameFixed') : t('internalNameHint')}
          error={error(errors.internalName)}
        >
          <Input
            maxLength={L.internalName}
            readOnly={fixedName}
            autoComplete="off"
            aria-required="true"
            {...form.register('internalName')}
          />
        </Field>
        <div className="hidden sm:block" />
        <Field label={t('titleDe')} error={error(errors.title?.de)}>
          <Input maxLength={L.legalTitle} aria-required="true" {...form.register('title.de')} />
        </Field>
        <Field label={t('titleEn')} error={error(errors.title?.en)}>
          <Input maxLength={L.legalTitle} aria-required="true" {...form.register('title.en')} />
        </Field>
      </div>
      <p className="max-w-3xl text-sm text-muted-foreground">{t('htmlHint')}</p>
      <div className="grid gap-6 xl:grid-cols-2">
        {(['de', 'en'] as const).map((lang) => (
          <div key={lang} className="flex min-w-0 flex-col gap-3">
            <Field label={lang === 'de' ? t('htmlDe') : t('htmlEn')} error={error(errors.html?.[lang])}>
              <Textarea rows={14} className="font-mono text-xs" spellCheck={false} {...form.register(`html.${lang}`)} />
            </Field>
            <section
              aria-label={lang === 'de' ? t('previewDe') : t('previewEn')}
              className="max-h-96 overflow-auto rounded-xl border border-border bg-card p-4"
            >
              <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {lang === 'de' ? t('previewDe') : t('previewEn')}
              </p>
              <SanitizedHtml html={html[lang]} />
            </section>
          </div>
        ))}
      </div>
      {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="size-4" /> : null}
          {t('save')}
        </Button>
        <Button type="button" variant="outline" onClick={() => (!isDirty || window.confirm(t('discardChanges'))) && onDone()}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
