import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { API_DOCUMENT_LIMITS, type ApiComparison, type ApiVersion } from '@portal/contract/service-api';
import { Link } from '@/components/link';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/hooks/use-translation';
import { isApiError } from '@/lib/api-errors';
import { formatDate } from '@/lib/days';
import {
  adminServiceApiQueryOptions,
  compareApiVersions,
  getApiVersionSource,
  usePublishApiVersion,
  useStoreApiVersion,
} from '../api/admin-service-api';

// The API tab of the service editor (docs/admin.md#api-reference): a new version from a file or
// pasted text (German document, optional English one, version label, release notes in both
// languages), the kept versions with the one visitors see, publishing (an older one too),
// reading a version's documents and comparing it with the one before.

/** A document from a file the admin picked: read as text in the browser, sent as text. */
function DocumentInput({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
  required?: boolean;
}) {
  const { t } = useTranslation('AdminServices');
  const [tooLarge, setTooLarge] = useState(false);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setTooLarge(file.size > API_DOCUMENT_LIMITS.documentBytes);
    if (file.size <= API_DOCUMENT_LIMITS.documentBytes) void file.text().then(onChange);
  };
  return (
    <div className="flex flex-col gap-2">
      <Field label={label} hint={t('apiDocumentHint')} error={tooLarge ? t('apiTooLarge') : error}>
        <Textarea
          rows={8}
          spellCheck={false}
          className="font-mono text-xs"
          value={value}
          aria-required={required ? 'true' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </Field>
      <label className="flex flex-wrap items-center gap-2 text-sm">
        <span>{t('apiFile')}</span>
        <input type="file" accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml" onChange={pick} className="text-sm" />
      </label>
    </div>
  );
}

function NewVersionForm({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation('AdminServices');
  const store = useStoreApiVersion(serviceId);
  const [document, setDocument] = useState('');
  const [documentEn, setDocumentEn] = useState('');
  const [version, setVersion] = useState('');
  const [notesDe, setNotesDe] = useState('');
  const [notesEn, setNotesEn] = useState('');
  const error = store.error && isApiError(store.error) ? store.error : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    store.mutate(
      { document, documentEn: documentEn.trim() ? documentEn : null, version, notes: { de: notesDe, en: notesEn } },
      {
        onSuccess: () => {
          toast.success(t('apiStored'));
          setDocument('');
          setDocumentEn('');
          setVersion('');
          setNotesDe('');
          setNotesEn('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={t('apiNewTitle')}>
      <h3 className="font-semibold">{t('apiNewTitle')}</h3>
      <DocumentInput label={t('apiDocumentDe')} value={document} onChange={setDocument} error={error?.fields.document} required />
      <DocumentInput label={t('apiDocumentEn')} value={documentEn} onChange={setDocumentEn} error={error?.fields.documentEn} />
      <Field label={t('apiVersion')} hint={t('apiVersionHint')} error={error?.fields.version}>
        <Input value={version} maxLength={API_DOCUMENT_LIMITS.version} aria-required="true" onChange={(event) => setVersion(event.target.value)} />
      </Field>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label={t('apiNotesDe')}>
          <Textarea rows={3} maxLength={API_DOCUMENT_LIMITS.notes} value={notesDe} onChange={(event) => setNotesDe(event.target.value)} />
        </Field>
        <Field label={t('apiNotesEn')}>
          <Textarea rows={3} maxLength={API_DOCUMENT_LIMITS.notes} value={notesEn} onChange={(event) => setNotesEn(event.target.value)} />
        </Field>
      </div>
      {error ? (
        <div role="alert" className="flex flex-col gap-1 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
          <p>{error.message}</p>
          {error.problems.length > 0 ? (
            <ul className="list-disc pl-5 font-mono text-xs">
              {error.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" disabled={store.isPending || document.trim() === '' || version.trim() === ''} className="self-start">
        {store.isPending ? t('apiChecking') : t('apiStore')}
      </Button>
    </form>
  );
}

function Comparison({ comparison }: { comparison: ApiComparison }) {
  const { t } = useTranslation('AdminServices');
  const groups = [
    [t('apiAdded'), comparison.added],
    [t('apiRemoved'), comparison.removed],
    [t('apiChanged'), comparison.changed],
  ] as const;
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-muted p-3 text-sm">
      <p className="font-medium">{t('apiComparison', { from: comparison.from.version, to: comparison.to.version })}</p>
      {groups.map(([title, operations]) => (
        <div key={title}>
          <p className="font-medium">
            {title} ({operations.length})
          </p>
          <ul className="font-mono text-xs">
            {operations.map((o) => (
              <li key={`${o.method} ${o.path}`}>
                {o.method} {o.path} {o.summary ? `· ${o.summary}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function VersionRow({ serviceId, version, previous }: { serviceId: string; version: ApiVersion; previous: ApiVersion | undefined }) {
  const { t } = useTranslation('AdminServices');
  const publish = usePublishApiVersion(serviceId);
  const [source, setSource] = useState<string | undefined>();
  const [comparison, setComparison] = useState<ApiComparison | undefined>();
  const failed = () => toast.error(t('saveFailed'));
  return (
    <li className="flex flex-col gap-2 border-t border-border py-3" data-testid="api-version">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col">
          <p className="font-semibold">
            {version.version} {version.current ? <span className="ml-2 rounded-md bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{t('apiCurrent')}</span> : null}
          </p>
          <p className="text-xs text-muted-foreground">
            {t('apiVersionMeta', {
              title: version.title,
              openapi: version.openapi,
              operations: version.operations,
              date: formatDate(version.createdAt.slice(0, 10)),
              by: version.createdBy,
            })}
            {version.hasEnglish ? ` · ${t('apiHasEnglish')}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {version.current ? null : (
            <Button size="sm" disabled={publish.isPending} onClick={() => publish.mutate(version.id, { onSuccess: () => toast.success(t('apiPublished')), onError: failed })}>
              {t('apiPublish')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => (source === undefined ? void getApiVersionSource(serviceId, version.id).then((s) => setSource(s.document), failed) : setSource(undefined))}>
            {source === undefined ? t('apiView') : t('apiHide')}
          </Button>
          {previous ? (
            <Button size="sm" variant="outline" onClick={() => (comparison ? setComparison(undefined) : void compareApiVersions(serviceId, version.id, previous.id).then(setComparison, failed))}>
              {comparison ? t('apiHide') : t('apiCompare', { version: previous.version })}
            </Button>
          ) : null}
        </div>
      </div>
      {comparison ? <Comparison comparison={comparison} /> : null}
      {source !== undefined ? (
        <pre tabIndex={0} className="max-h-80 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs">
          {source}
        </pre>
      ) : null}
    </li>
  );
}

export function ServiceApiVersions({ serviceId, publicPath }: { serviceId: string; publicPath: string }) {
  const { t } = useTranslation('AdminServices');
  const query = useQuery(adminServiceApiQueryOptions(serviceId));
  return (
    <div className="flex flex-col gap-6">
      <QueryState query={query} pending={<Skeleton className="h-40 w-full rounded-xl" />}>
        {(list) => (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{t('apiVersions')}</h3>
              {list.versions.some((v) => v.current) ? (
                <Link to={publicPath} className="text-sm font-medium text-primary underline underline-offset-4">
                  {t('apiOpenPublic')}
                </Link>
              ) : null}
            </div>
            {list.versions.length === 0 ? <p className="text-sm text-muted-foreground">{t('apiNone')}</p> : null}
            <ul>
              {list.versions.map((version, index) => (
                <VersionRow key={version.id} serviceId={serviceId} version={version} previous={list.versions[index + 1]} />
              ))}
            </ul>
          </div>
        )}
      </QueryState>
      <NewVersionForm serviceId={serviceId} />
    </div>
  );
}
