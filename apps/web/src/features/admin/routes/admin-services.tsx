import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ImageOff, Plus, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useSearchParams } from '@/hooks/use-search-params';
import { Link } from '@/components/link';
import type { AdminServiceListItem } from '@portal/contract/admin-service';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { localized } from '@/lib/localized';
import { formatPrice } from '@/lib/numbers';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { adminServicesQueryOptions } from '../api/admin-services';
import { AdminScreen } from '../components/admin-screen';
import { ListSkeleton } from '../components/list-skeleton';
import { Pagination } from '../components/pagination';
import { ServiceLogo } from '@/components/service-logo';

/** Search and page live in the address (?q=…&page=…), so Back and a reload keep them. */
function listQuery(params: URLSearchParams): { q: string; page: number } {
  const page = Number(params.get('page'));
  return { q: (params.get('q') ?? '').trim(), page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

export const adminServicesLoader: RouteDataLoader = async ({ queryClient }, { request }) => {
  if (!readSession()) return;
  await queryClient.prefetchQuery(adminServicesQueryOptions(listQuery(new URL(request.url).searchParams)));
};

/** /admin/services: every service, those on offer first; search, open, create. */
export function AdminServicesRoute() {
  const { t } = useTranslation('AdminServices');
  return (
    <AdminScreen
      title={t('title')}
      actions={
        <Button asChild>
          <Link to={paths.adminServiceNew()}>
            <Plus aria-hidden="true" />
            {t('new')}
          </Link>
        </Button>
      }
    >
      <ServiceList />
    </AdminScreen>
  );
}

function ServiceList() {
  const { t } = useTranslation('AdminServices');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const query = listQuery(params);
  const [typed, setTyped] = useState(query.q);
  const setQuery = (next: { q: string; page: number }) =>
    setParams(() => {
      const search = new URLSearchParams();
      if (next.q) search.set('q', next.q);
      if (next.page > 1) search.set('page', String(next.page));
      return search;
    });
  const list = useQuery({ ...adminServicesQueryOptions(query), placeholderData: keepPreviousData });

  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-2xl text-sm text-muted-foreground">{t('intro')}</p>
      <form
        role="search"
        className="flex max-w-xl gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ q: typed.trim(), page: 1 });
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          {t('search')}
        </label>
        <Input
          id={`${id}-q`}
          type="search"
          value={typed}
          maxLength={100}
          placeholder={t('searchPlaceholder')}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          {t('search')}
        </Button>
      </form>
      <QueryState query={list} pending={<ListSkeleton />}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title={query.q ? t('noMatch') : t('empty')} />
          ) : (
            <>
              <ul className="grid gap-3" aria-label={t('title')}>
                {page.items.map((service) => (
                  <li key={service.id}>
                    <ServiceRow service={service} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page.page}
                pageSize={page.pageSize}
                total={page.total}
                onPage={(next) => setQuery({ ...query, page: next })}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function ServiceRow({ service }: { service: AdminServiceListItem }) {
  const { t } = useTranslation('AdminServices');
  const language = useLanguage();
  const name = localized(service.name, language);
  const prices = [
    service.pricePer1000CallsCents > 0
      ? t('pricePerThousand', { price: formatPrice(service.pricePer1000CallsCents / 100) })
      : null,
    service.monthlyFeeCents > 0 ? t('priceMonthly', { price: formatPrice(service.monthlyFeeCents / 100) }) : null,
    service.singlePaymentCents > 0 ? t('priceSingle', { price: formatPrice(service.singlePaymentCents / 100) }) : null,
  ].filter(Boolean);
  return (
    <Card className="flex items-center gap-4 p-4">
      <ServiceLogo
        src={service.logo}
        size={48}
        className="size-12 shrink-0 rounded-lg object-contain"
        fallback={
          <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-5" />
          </span>
        }
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 font-semibold break-words">
            <Link
              to={paths.adminService(service.id)}
              className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {name}
            </Link>
          </h2>
          {service.retired ? <Badge tone="warning">{t('retiredBadge')}</Badge> : null}
        </div>
        <p className="text-sm break-words text-muted-foreground">
          {[service.id, t(`accounting_${service.accounting}`), ...prices].join(' · ')}
        </p>
        <p className="text-sm text-muted-foreground">{t('licenceCount', { count: service.licences })}</p>
      </div>
    </Card>
  );
}
