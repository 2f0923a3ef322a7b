import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { useSearchParams } from '@/hooks/use-search-params';
import { toast } from 'sonner';
import {
  ADMIN_CONTENT_LIMITS,
  adminTranslationSchema,
  type AdminTranslation,
  type AdminTranslationItem,
} from '@portal/contract/admin-content';
import { QueryState } from '@/components/query-state';
import { AutoGrowTextarea } from '@/components/ui/auto-grow-textarea';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-errors';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { adminTextsQueryOptions, useSaveText, type TextsQuery } from '../api/admin-texts';
import { AdminScreen } from '../components/admin-screen';
import { Pagination } from '../components/pagination';
import { UnsavedChangesGuard } from '../hooks/use-unsaved-changes';
import { contentFieldError } from '../utils/content-field-error';

function queryOf(search: URLSearchParams): TextsQuery {
  const page = Number(search.get('page'));
  return {
    namespace: search.get('namespace') ?? '',
    q: search.get('q') ?? '',
    missing: search.get('missing') === '1',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export const adminTextsLoader: RouteDataLoader = async ({ queryClient }, { request }) => {
  if (!readSession()) return;
  await queryClient.prefetchQuery(adminTextsQueryOptions(queryOf(new URL(request.url).searchParams)));
};

/** /admin/texts: every key with German and English side by side; search, filter, edit in place. */
export function AdminTextsRoute() {
  const { t } = useTranslation('AdminContent');
  return (
    <AdminScreen title={t('textsTitle')}>
      <Texts />
    </AdminScreen>
  );
}

function Texts() {
  const { t } = useTranslation('AdminContent');
  const [search, setSearch] = useSearchParams();
  const query = queryOf(search);
  const texts = useQuery(adminTextsQueryOptions(query));
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const [term, setTerm] = useState(query.q);

  const markDirty = useCallback((key: string, isDirty: boolean) => {
    setDirty((keys) => {
      if (keys.has(key) === isDirty) return keys;
      const next = new Set(keys);
      if (isDirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  /** Another filter or page shows other keys: what was typed in this one would be lost. */
  const change = (next: Partial<TextsQuery>) => {
    if (dirty.size > 0 && !window.confirm(t('discardChanges'))) return;
    setDirty(new Set());
    const merged = { ...query, page: 1, ...next };
    const params = new URLSearchParams();
    if (merged.namespace) params.set('namespace', merged.namespace);
    if (merged.q.trim()) params.set('q', merged.q.trim());
    if (merged.missing) params.set('missing', '1');
    if (merged.page > 1) params.set('page', String(merged.page));
    setSearch(params);
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ q: term });
  };

  return (
    <div className="flex flex-col gap-5">
      <UnsavedChangesGuard when={dirty.size > 0} />
      <p className="max-w-2xl text-sm text-muted-foreground">{t('textsIntro')}</p>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <form role="search" onSubmit={submitSearch} className="flex flex-1 items-end gap-2">
          <div className="flex-1">
            <Field label={t('textsSearch')}>
              <Input
                type="search"
                value={term}
                maxLength={ADMIN_CONTENT_LIMITS.search}
                onChange={(event) => setTerm(event.target.value)}
              />
            </Field>
          </div>
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            {t('search')}
          </Button>
        </form>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:flex lg:items-end">
          <Field label={t('textsNamespace')}>
            <NativeSelect value={query.namespace} onChange={(event) => change({ namespace: event.target.value })}>
              <option value="">{t('textsAllNamespaces')}</option>
              {(texts.data?.namespaces ?? []).map((namespace) => (
                <option key={namespace} value={namespace}>
                  {namespace}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={query.missing}
              onChange={(event) => change({ missing: event.target.checked })}
            />
            {t('textsMissing')}
          </label>
        </div>
      </div>
      <QueryState query={texts} pending={<Skeleton className="h-64 w-full rounded-xl" />}>
        {(list) =>
          list.items.length === 0 ? (
            <EmptyState title={t('textsEmpty')} />
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t('textsCount', { count: list.total })}
              </p>
              <ul className="grid gap-3">
                {list.items.map((item) => (
                  <li key={item.key}>
                    <TextRow item={item} onDirty={markDirty} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={list.page}
                pageSize={list.pageSize}
                total={list.total}
                onPage={(page) => change({ page })}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function TextRow({ item, onDirty }: { item: AdminTranslationItem; onDirty: (key: string, dirty: boolean) => void }) {
  const { t } = useTranslation('AdminContent');
  const { t: tAdmin } = useTranslation('Admin');
  const save = useSaveText();
  const form = useForm<AdminTranslation>({
    resolver: zodResolver(adminTranslationSchema),
    defaultValues: { de: item.de, en: item.en },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const error = (e: { type?: string | number; message?: string } | undefined) => contentFieldError(tAdmin, e);

  useEffect(() => {
    onDirty(item.key, isDirty);
  }, [item.key, isDirty, onDirty]);
  useEffect(() => () => onDirty(item.key, false), [item.key, onDirty]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ key: item.key, texts: values });
      form.reset(saved);
      toast.success(t('textSaved', { key: item.key }));
    } catch (failure) {
      if (isApiError(failure)) {
        for (const field of ['de', 'en'] as const) {
          const message = failure.fields[field];
          if (message) form.setError(field, { type: 'server', message });
        }
      }
      form.setError('root', { type: 'server', message: t('saveFailed') });
    }
  });

  const keyId = `text-${item.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <Card className="p-4">
      <form noValidate aria-labelledby={keyId} onSubmit={(event) => void submit(event)} className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={keyId} className="font-mono text-sm font-semibold break-all">
            {item.key}
          </h2>
          {item.customised ? <Badge tone="accent">{t('textsCustomised')}</Badge> : null}
          {!item.de.trim() || !item.en.trim() ? <Badge tone="warning">{t('textsMissingBadge')}</Badge> : null}
        </div>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={t('german')} error={error(errors.de)} required>
            <AutoGrowTextarea maxLength={ADMIN_CONTENT_LIMITS.text} {...form.register('de')} />
          </Field>
          <Field label={t('english')} error={error(errors.en)}>
            <AutoGrowTextarea maxLength={ADMIN_CONTENT_LIMITS.text} {...form.register('en')} />
          </Field>
        </div>
        {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
        {isDirty ? (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="size-4" /> : null}
              {t('save')}
            </Button>
            <Button type="button" variant="outline" onClick={() => form.reset()}>
              {t('undo')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
