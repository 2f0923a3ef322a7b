import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SearchIcon } from '@/components/ui/shell-icons';
import { paths } from '@/config/paths';
import { useTranslation } from '@/hooks/use-translation';
import { cn } from '@/lib/cn';
import { catalogueFilterSearch, type CatalogueFilter } from '../utils/catalogue-filter';

/**
 * The catalogue's search field and category filters. A plain GET form and plain links, so both
 * work before the app has taken the page over (the server renders the filtered list); in the app
 * they change the address, which the list follows.
 */
export function CatalogueSearch({
  filter,
  categories,
}: {
  filter: CatalogueFilter;
  categories: readonly string[];
}) {
  const { t } = useTranslation('ServiceOverview');
  const navigate = useNavigate();
  const inputId = useId();
  const categoryLabel = (category: string) => t(`category_${category}` as 'category_all', { defaultValue: category });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const q = typeof value === 'string' ? value.trim() : '';
    void navigate(`${paths.services()}${catalogueFilterSearch({ ...filter, q })}`, { replace: true, preventScrollReset: true });
  };

  const chip = (category: string, label: string) => {
    const active = filter.category === category;
    return (
      <li key={category || 'all'}>
        <Link
          to={`${paths.services()}${catalogueFilterSearch({ ...filter, category })}`}
          replace
          preventScrollReset
          aria-current={active ? 'true' : undefined}
          className={cn(
            'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            active
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-border bg-card text-foreground hover:bg-muted',
          )}
        >
          {label}
        </Link>
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <form role="search" action={paths.services()} method="get" onSubmit={submit} className="flex max-w-xl gap-2">
        {filter.category ? <input type="hidden" name="category" value={filter.category} /> : null}
        <label htmlFor={inputId} className="sr-only">
          {t('searchLabel')}
        </label>
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            // A new address (a filter link, the browser's back button) shows its own words.
            key={filter.q}
            id={inputId}
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={100}
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            className="pl-9"
          />
        </div>
        <Button type="submit" variant="outline">
          {t('searchButton')}
        </Button>
      </form>
      {categories.length > 1 ? (
        <nav aria-label={t('categoriesLabel')}>
          <ul className="flex flex-wrap gap-2">
            {chip('', t('category_all'))}
            {categories.map((category) => chip(category, categoryLabel(category)))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
