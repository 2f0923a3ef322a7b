import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  ADMIN_CONTENT_LIMITS,
  LINKED_LEGAL_PAGES,
  adminLegalPageSchema,
  type AdminLegalPage,
} from '@portal/contract/admin-content';
import { SanitizedHtml } from '@/components/sanitized-html';
import { Badge } from '@/components/ui/badge';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-errors';
import { formatDate } from '@/lib/days';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { adminLegalPagesQueryOptions, useDeleteLegalPage, useSaveLegalPage } from '../api/admin-legal-pages';
import { EntryEditorFooter, OrderedContentList, OrderedContentScreen } from '../components/ordered-content';
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
  return (
    <OrderedContentScreen<ListedPage>
      title={t('legalTitle')}
      newLabel={t('legalNew')}
      list={(onEdit) => <PageList onEdit={onEdit} />}
      editor={(page, onDone) => <PageEditor page={page} onDone={onDone} />}
    />
  );
}

function PageList({ onEdit }: { onEdit: (page: ListedPage) => void }) {
  const { t } = useTranslation('AdminContent');
  const language = useLanguage();
  const query = useQuery(adminLegalPagesQueryOptions());
  const save = useSaveLegalPage();
  const remove = useDeleteLegalPage();
  return (
    <OrderedContentList
      intro={t('legalIntro')}
      label={t('legalTitle')}
      emptyTitle={t('legalEmpty')}
      query={query}
      pending={<Skeleton className="h-40 w-full rounded-xl" />}
      nameOf={(page) => localized(page.title, language)}
      summary={(page, title) => (
        <>
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
        </>
      )}
      deletable={(page) => !linked.has(page.internalName)}
      moving={save.isPending}
      onMove={(page, position) =>
        save.mutate({ id: page.id, changes: { position } }, { onError: () => toast.error(t('saveFailed')) })
      }
      onEdit={onEdit}
      remove={remove}
      deleteTitle={t('legalDeleteTitle')}
      deleteText={t('legalDeleteText')}
    />
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
          required
        >
          <Input
            maxLength={L.internalName}
            readOnly={fixedName}
            autoComplete="off"
            {...form.register('internalName')}
          />
        </Field>
        <div className="hidden sm:block" />
        <Field label={t('titleDe')} error={error(errors.title?.de)} required>
          <Input maxLength={L.legalTitle} {...form.register('title.de')} />
        </Field>
        <Field label={t('titleEn')} error={error(errors.title?.en)} required>
          <Input maxLength={L.legalTitle} {...form.register('title.en')} />
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
      <EntryEditorFooter rootError={errors.root?.message} submitting={isSubmitting} dirty={isDirty} onDone={onDone} />
    </form>
  );
}
