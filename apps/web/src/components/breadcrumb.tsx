import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';

export interface Crumb {
  label: string;
  /** Absent for the current page. */
  to?: string;
}

export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation('General');
  return (
    <nav aria-label={t('breadcrumb')} className="mb-6 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, index) => (
          <Fragment key={`${index}-${item.label}`}>
            {index > 0 ? <ChevronRight aria-hidden="true" className="size-4" /> : null}
            <li>
              {item.to ? (
                <Link to={item.to} className="rounded hover:text-foreground hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current="page" className="text-foreground">
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
