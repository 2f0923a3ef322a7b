import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Title, subtitle and call to action above the catalogue (spec §2). */
export function ServicesHero({ listId }: { listId: string }) {
  const { t } = useTranslation('ServiceOverview');
  return (
    <section className="relative overflow-hidden rounded-2xl border border-border bg-hero px-6 py-12 sm:px-10 sm:py-16">
      <div className="flex max-w-2xl flex-col items-start gap-5">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('heroEyebrow')}</p>
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-5xl">{t('heroTitle')}</h1>
        <p className="text-base text-muted-foreground sm:text-lg">{t('heroSubtitle')}</p>
        <Button asChild size="lg">
          <a href={`#${listId}`}>
            {t('heroCta')}
            <ArrowDown />
          </a>
        </Button>
      </div>
    </section>
  );
}
