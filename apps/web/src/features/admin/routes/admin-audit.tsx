import type { AuditEntry } from '@portal/contract/admin-audit';
import { Filter, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useSearchParams } from '@/hooks/use-search-params';
import { Link } from '@/components/link';
import { ErrorState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatDate, isDay, parseDate } from '@/lib/days';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { adminAuditQueryOptions, useAdminAudit, type AuditFilter } from '../api/admin-audit';
import { AdminNotAllowed, AdminScreen } from '../components/admin-screen';
import { DateInput } from '../components/date-input';
import { Pagination } from '../components/pagination';
import { auditDiff, diffValue } from '../utils/audit-diff';

/** The object types of the admin areas (their REST collection names) and their labels. */
const TYPES = {
  person: 'typePerson',
  service: 'typeService',
  price_package: 'typePricePackage',
  rechtliches: 'typeLegal',
  translation: 'typeTranslation',
  contact_request: 'typeContact',
  billing_profile: 'typeBillingProfile',
  billing_settings: 'typeBillingSettings',
} as const;

const ACTIONS = {
  create: 'actionCreate',
  update: 'actionUpdate',
  delete: 'actionDelete',
  invite: 'actionInvite',
  disable: 'actionDisable',
  enable: 'actionEnable',
  'grant-admin': 'actionGrantAdmin',
  'revoke-admin': 'actionRevokeAdmin',
  'password-reset': 'actionPasswordReset',
  retire: 'actionRetire',
  'add-image': 'actionAddImage',
  'update-image': 'actionUpdateImage',
  'delete-image': 'actionDeleteImage',
  'set-logo': 'actionSetLogo',
  'set-thumbnail': 'actionSetThumbnail',
} as const;

const idPattern = /^[A-Za-z0-9]{1,64}$/;

function filterFrom(search: URLSearchParams): AuditFilter {
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return isDay(value) ? value : '';
  };
  const actor = search.get('actor') ?? '';
  const type = search.get('type') ?? '';
  const page = Number(search.get('page'));
  return {
    from: day('from'),
    to: day('to'),
    actor: idPattern.test(actor) ? actor : '',
    type: /^[a-z_]{1,40}$/.test(type) ? type : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export const adminAuditLoader: RouteDataLoader = async ({ queryClient }, { request }) => {
  if (!readSession()) return;
  await queryClient.prefetchQuery(adminAuditQueryOptions(filterFrom(new URL(request.url).searchParams)));
};

export function AdminAuditRoute() {
  const { t } = useTranslation('AdminAudit');
  return (
    <AdminScreen title={t('title')}>
      <AuditLog />
    </AdminScreen>
  );
}

function AuditLog() {
  const { t } = useTranslation('AdminAudit');
  const [search, setSearch] = useSearchParams();
  const filter = filterFrom(search);
  const log = useAdminAudit(filter);
  const [actorEmail, setActorEmail] = useState<string | null>(null);

  const go = (next: AuditFilter) => {
    const params: Record<string, string> = {};
    for (const key of ['from', 'to', 'actor', 'type'] as const) if (next[key]) params[key] = next[key];
    if (next.page > 1) params.page = String(next.page);
    setSearch(params);
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-muted-foreground">{t('intro')}</p>
      <Filters
        key={`${filter.from}/${filter.to}/${filter.type}`}
        filter={filter}
        onApply={(next) => go({ ...filter, ...next, page: 1 })}
      />
      {filter.actor ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>{t('actorOnly', { email: actorEmail ?? log.data?.items[0]?.actor.email ?? filter.actor })}</span>
          <Button variant="outline" size="sm" onClick={() => go({ ...filter, actor: '', page: 1 })}>
            <X aria-hidden="true" />
            {t('actorFilterClear')}
          </Button>
        </p>
      ) : null}
      {log.isPending ? (
        <div role="status" aria-label={t('title')} className="flex flex-col gap-3">
          <Skeleton className="h-24 rounded-xl" />
          <Skeleton className="h-24 rounded-xl" />
        </div>
      ) : log.isError ? (
        isApiError(log.error, 'forbidden') ? (
          <AdminNotAllowed />
        ) : (
          <ErrorState message={t('loadFailed')} onRetry={() => void log.refetch()} />
        )
      ) : log.data.items.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <div className={cn('flex flex-col gap-4 transition-opacity', log.isPlaceholderData && 'opacity-60')} aria-busy={log.isPlaceholderData || undefined}>
          <ol className="flex flex-col gap-3">
            {log.data.items.map((entry) => (
              <Entry
                key={entry.id}
                entry={entry}
                onActor={() => {
                  setActorEmail(entry.actor.email);
                  go({ ...filter, actor: entry.actor.id, page: 1 });
                }}
              />
            ))}
          </ol>
          <Pagination page={log.data.page} pageSize={log.data.pageSize} total={log.data.total} onPage={(page) => go({ ...filter, page })} />
        </div>
      )}
    </div>
  );
}

type DateProblem = 'dateInvalid' | 'rangeOrder';

function Filters({ filter, onApply }: { filter: AuditFilter; onApply: (next: Pick<AuditFilter, 'from' | 'to' | 'type'>) => void }) {
  const { t } = useTranslation(['AdminAudit', 'Admin']);
  const [problems, setProblems] = useState<{ from?: DateProblem; to?: DateProblem }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = data.get(name);
      return typeof entry === 'string' ? entry.trim() : '';
    };
    // Dates as typed (DD.MM.YYYY) → ISO days; an empty field is no bound.
    const day = (name: string) => (value(name) ? parseDate(value(name)) : '');
    const [from, to] = [day('from'), day('to')];
    const found: { from?: DateProblem; to?: DateProblem } = {
      ...(from === null ? { from: 'dateInvalid' } : {}),
      ...(to === null ? { to: 'dateInvalid' } : {}),
    };
    if (from && to && from > to) found.to = 'rangeOrder';
    setProblems(found);
    if (from === null || to === null || found.to) return;
    onApply({ from, to, type: value('type') });
  };
  const message = (problem: DateProblem | undefined) =>
    problem === 'dateInvalid' ? t('dateInvalid', { ns: 'Admin' }) : problem ? t('rangeOrder') : undefined;
  return (
    <form
      aria-label={t('filters')}
      noValidate
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-xs sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-start"
    >
      <Field label={t('from')} hint={t('dateFormat', { ns: 'Admin' })} error={message(problems.from)}>
        <DateInput name="from" defaultValue={formatDate(filter.from)} />
      </Field>
      <Field label={t('to')} hint={t('dateFormat', { ns: 'Admin' })} error={message(problems.to)}>
        <DateInput name="to" defaultValue={formatDate(filter.to)} />
      </Field>
      <Field label={t('type')}>
        <NativeSelect name="type" defaultValue={filter.type}>
          <option value="">{t('typeAll')}</option>
          {Object.entries(TYPES).map(([type, label]) => (
            <option key={type} value={type}>
              {t(label)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {/* Level with the fields: below their labels (text-sm line and the 6 px gap). */}
      <div className="flex gap-2 lg:mt-[1.625rem]">
        <Button type="submit">
          <Filter aria-hidden="true" />
          {t('apply')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={(event) => {
            // A changed filter remounts the form; an unchanged one forgets what was typed here.
            event.currentTarget.form?.reset();
            setProblems({});
            onApply({ from: '', to: '', type: '' });
          }}
        >
          {t('reset')}
        </Button>
      </div>
    </form>
  );
}

function Entry({ entry, onActor }: { entry: AuditEntry; onActor: () => void }) {
  const { t } = useTranslation('AdminAudit');
  const language = useLanguage();
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(entry.at));
  const action = entry.action in ACTIONS ? t(ACTIONS[entry.action as keyof typeof ACTIONS]) : entry.action;
  const type = entry.objectType in TYPES ? t(TYPES[entry.objectType as keyof typeof TYPES]) : entry.objectType;
  const rows = auditDiff(entry.before, entry.after);
  return (
    <li className="rounded-xl border border-border bg-card p-4 text-sm shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold">
          {action} · {type}{' '}
          {entry.objectType === 'person' ? (
            <Link to={paths.adminCustomer(entry.objectId)} className="font-mono text-xs font-normal underline underline-offset-4">
              {entry.objectId}
            </Link>
          ) : (
            <span className="font-mono text-xs font-normal">{entry.objectId}</span>
          )}
        </p>
        <time dateTime={entry.at} className="text-muted-foreground">
          {when}
        </time>
      </div>
      <p className="mt-1 text-muted-foreground">
        <span className="sr-only">{t('colWho')}: </span>
        <button
          type="button"
          onClick={onActor}
          className="break-all underline-offset-4 hover:text-foreground hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-ring"
        >
          {entry.actor.email}
        </button>
        {' · '}
        <span className="font-mono text-xs">{t('requestId', { id: entry.requestId })}</span>
      </p>
      {rows.length > 0 ? (
        <details className="mt-3 group">
          <summary className="cursor-pointer rounded text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
            {t('showChanges')} ({rows.length})
          </summary>
          <table className="mt-2 w-full table-fixed text-left text-xs">
            <caption className="sr-only">{t('changes')}</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="w-1/4 py-1 pr-2 font-medium">{t('field')}</th>
                <th scope="col" className="py-1 pr-2 font-medium">{t('before')}</th>
                <th scope="col" className="py-1 font-medium">{t('after')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.field} className="border-t border-border align-top">
                  <th scope="row" className="py-1.5 pr-2 font-mono font-normal break-words">{row.field || '–'}</th>
                  <td className="py-1.5 pr-2 break-words whitespace-pre-wrap">
                    <del className="no-underline">{diffValue(row.before) || t('empty_value')}</del>
                  </td>
                  <td className="py-1.5 break-words whitespace-pre-wrap">
                    <ins className="no-underline">{diffValue(row.after) || t('empty_value')}</ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </li>
  );
}
