import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** /404: title, text and the way back to the service overview. */
export function NotFoundRoute() {
  const { t } = useTranslation('NotFound');
  return (
    <div className="flex flex-col items-start gap-5 py-12">
      <PageTitle title={t('title')} description={t('text')} />
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('title')}</h1>
      <p className="max-w-xl text-muted-foreground">{t('text')}</p>
      <Button asChild>
        <Link to={paths.services()}>{t('back')}</Link>
      </Button>
    </div>
  );
}
