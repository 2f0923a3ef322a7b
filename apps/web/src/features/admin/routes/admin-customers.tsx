import type { AdminPersonListItem } from '@portal/contract/admin-person';
import { CUSTOMER_SEARCH_MAX } from '@portal/contract/admin-person';
import { Search, X } from 'lucide-react';
import { useTranslation } from '@/hooks/use-translation';
import { useSearchParams } from '@/hooks/use-search-params';
import { Link } from '@/components/link';
import { ErrorState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/days';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { adminPersonsQueryOptions, useAdminPersons } from '../api/admin-persons';
import { AdminNotAllowed, AdminScreen } from '../components/admin-screen';
import { CustomerBadges, customerName } from '../components/customer-badges';
import { InviteCustomerDialog } from '../components/invite-customer-dialog';
import { Pagination } from '../components/pagination';

function queryFrom(search: URLSearchParams): { q: string; page: number } {
  const page = Number(search.get('page'));
  return { q: (search.get('q') ?? '').slice(0, CUSTOMER_SEARCH_MAX), page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** The page in the address, before entry; a 403 is shown by the screen, not thrown. */
export const adminCustomersLoader: RouteDataLoader = async ({ queryClient }, { request }) => {
  if (!readSession()) return;
  await queryClient.prefetchQuery(adminPersonsQueryOptions(queryFrom(new URL(request.url).searchParams)));
};

export function AdminCustomersRoute() {
  const { t } = useTranslation('AdminCustomers');
  return (
    <AdminScreen title={t('title')} actions={<InviteCustomerDialog />}>
      <Customers />
    </AdminScreen>
  );
}

function Customers() {
  const { t } = useTranslation('AdminCustomers');
  const [search, setSearch] = useSearchParams();
  const query = queryFrom(search);
  const list = useAdminPersons(query);

  const go = (next: { q: string; page: number }) => {
    const params: Record<string, string> = {};
    if (next.q) params.q = next.q;
    if (next.page > 1) params.page = String(next.page);
    setSearch(params);
  };

  return (
    <div className="flex flex-col gap-5">
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('q');
          go({ q: typeof value === 'string' ? value.trim() : '', page: 1 });
        }}
      >
        <label className="grid flex-1 gap-1.5 text-sm font-medium">
          {t('searchLabel')}
          <Input key={query.q} name="q" type="search" defaultValue={query.q} maxLength={CUSTOMER_SEARCH_MAX} />
        </label>
        <div className="flex gap-2">
          <Button type="submit">
            <Search aria-hidden="true" />
            {t('searchSubmit')}
          </Button>
          {query.q ? (
            <Button type="button" variant="outline" onClick={() => go({ q: '', page: 1 })}>
              <X aria-hidden="true" />
              {t('searchReset')}
            </Button>
          ) : null}
        </div>
      </form>

      {list.isPending ? (
        <div role="status" aria-label={t('title')} className="flex flex-col gap-3">
          <Skeleton className="h-12 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : list.isError ? (
        isApiError(list.error, 'forbidden') ? (
          <AdminNotAllowed />
        ) : (
          <ErrorState message={t('loadFailed')} onRetry={() => void list.refetch()} />
        )
      ) : list.data.items.length === 0 ? (
        <EmptyState title={query.q ? t('emptySearch', { q: query.q }) : t('empty')} />
      ) : (
        <div className={cn('flex flex-col gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')} aria-busy={list.isPlaceholderData || undefined}>
          <CustomerTable items={list.data.items} />
          <CustomerCards items={list.data.items} />
          <Pagination
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(page) => go({ q: query.q, page })}
          />
        </div>
      )}
    </div>
  );
}

function NameCell({ person }: { person: AdminPersonListItem }) {
  const { t } = useTranslation('AdminCustomers');
  return (
    <div className="flex min-w-0 flex-col">
      <Link
        to={paths.adminCustomer(person.id)}
        className="truncate font-medium text-foreground underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-ring"
      >
        {customerName(person, t('unnamed'))}
      </Link>
      <span className="truncate text-muted-foreground">{person.email}</span>
    </div>
  );
}

function CustomerTable({ items }: { items: AdminPersonListItem[] }) {
  const { t } = useTranslation('AdminCustomers');
  return (
    <div role="region" aria-label={t('tableCaption')} tabIndex={0} className="hidden overflow-x-auto rounded-xl border border-border bg-card shadow-xs md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('tableCaption')}</caption>
        <thead className="bg-muted text-left">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">{t('colName')}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t('colCompany')}</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">{t('colProjects')}</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">{t('colLicences')}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t('colLastSignIn')}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t('colState')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((person) => (
            <tr key={person.id} className="border-t border-border align-top">
              <td className="max-w-72 px-4 py-3"><NameCell person={person} /></td>
              <td className="px-4 py-3">{person.company}</td>
              <td className="px-4 py-3 text-right tabular-nums">{person.projects}</td>
              <td className="px-4 py-3 text-right tabular-nums">{person.licences}</td>
              <td className="px-4 py-3 whitespace-nowrap">{person.lastSignInAt ? formatDate(person.lastSignInAt) : t('never')}</td>
              <td className="px-4 py-3"><CustomerBadges person={person} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per customer instead of a table to scroll sideways. */
function CustomerCards({ items }: { items: AdminPersonListItem[] }) {
  const { t } = useTranslation('AdminCustomers');
  return (
    <ul aria-label={t('tableCaption')} className="flex flex-col gap-3 md:hidden">
      {items.map((person) => (
        <li key={person.id} className="rounded-xl border border-border bg-card p-4 text-sm shadow-xs">
          <NameCell person={person} />
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
            <div className="col-span-2">
              <dt className="text-muted-foreground">{t('colCompany')}</dt>
              <dd>{person.company || '–'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('colProjects')}</dt>
              <dd className="tabular-nums">{person.projects}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('colLicences')}</dt>
              <dd className="tabular-nums">{person.licences}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('colLastSignIn')}</dt>
              <dd>{person.lastSignInAt ? formatDate(person.lastSignInAt) : t('never')}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('colState')}</dt>
              <dd><CustomerBadges person={person} /></dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
