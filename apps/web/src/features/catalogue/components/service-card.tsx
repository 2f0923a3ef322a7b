import type { ServiceSummary } from '@portal/contract/service';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { truncate } from '@/lib/format';
import { localized } from '@/lib/localized';
import { AccountingBadge } from './accounting-badge';
import { ArrowRightIcon } from '@/components/ui/shell-icons';

/**
 * One service in the overview grid; the whole card is the link.
 * `priority`: a card of the first row, visible without scrolling on most screens; its picture
 * is the page's largest paint, so it loads at once instead of waiting for layout (lazy).
 */
export function ServiceCard({ service, priority = false }: { service: ServiceSummary; priority?: boolean }) {
  const { t } = useTranslation('Card');
  const language = useLanguage();
  const name = localized(service.name, language);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xs transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring">
      {service.thumbnail ? (
        <img
          src={service.thumbnail}
          alt=""
          width={800}
          height={450}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          // Dimmed in the dark theme: the bright illustrations would glare on a dark page.
          className="aspect-video w-full bg-muted object-cover dark:brightness-[0.82]"
        />
      ) : (
        <div aria-hidden="true" className="aspect-video w-full bg-muted" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center gap-3">
          {/* No logo here: the thumbnail already shows it. */}
          <h3 className="text-lg leading-snug font-semibold">
            {/* The ::after box stretches the link over the whole card. */}
            <Link
              to={paths.service(name, service.id)}
              className="after:absolute after:inset-0 focus-visible:outline-none"
            >
              {name}
            </Link>
          </h3>
        </div>
        <p className="text-sm text-muted-foreground">
          {truncate(localized(service.descriptionShort, language), 90)}
        </p>
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <AccountingBadge accounting={service.accounting} />
          <span
            aria-hidden="true"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary"
          >
            {t('details')}
            <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
          </span>
        </div>
      </div>
    </article>
  );
}
