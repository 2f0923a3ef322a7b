import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { ArrowDownIcon, CheckIcon } from '@/components/ui/shell-icons';

/** Title, subtitle and call to action above the catalogue; what the portal offers beside. */
export function ServicesHero({ listId }: { listId: string }) {
  const { t } = useTranslation('ServiceOverview');
  const points = [t('heroPointAccount'), t('heroPointCode'), t('heroPointUsage')];
  return (
    <section className="relative grid items-center gap-10 overflow-hidden rounded-2xl border border-border bg-hero px-6 py-12 sm:px-10 sm:py-16 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex max-w-2xl flex-col items-start gap-5">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('heroEyebrow')}</p>
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-5xl">{t('heroTitle')}</h1>
        <p className="text-base text-muted-foreground sm:text-lg">{t('heroSubtitle')}</p>
        <Button asChild size="lg">
          <a href={`#${listId}`}>
            {t('heroCta')}
            <ArrowDownIcon />
          </a>
        </Button>
      </div>
      <div className="hidden rounded-xl border border-border bg-card/80 p-6 shadow-sm backdrop-blur lg:block">
        <h2 className="text-sm font-semibold">{t('heroPointsTitle')}</h2>
        <ul className="mt-4 flex flex-col gap-3.5 text-sm">
          {points.map((point) => (
            <li key={point} className="flex gap-3">
              <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <CheckIcon className="size-3.5" />
              </span>
              <span className="text-muted-foreground">{point}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
