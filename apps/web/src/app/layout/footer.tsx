import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/hooks/use-hydrated';
import { brandName } from '@/config/brand';
import { legalPages, paths, type LegalPageName } from '@/config/paths';
import { requestContact } from '@/lib/app-events';
import { preloadContactDialog } from './app-dialogs';
import { LanguageSelect } from './language-select';
import { MailIcon } from '@/components/ui/shell-icons';

const linkClass = 'rounded text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';

/** The legal pages as a list; both footer forms show them. */
function LegalLinks({ className, labels }: { className: string; labels: Record<LegalPageName, string> }) {
  return (
    <ul className={className}>
      {legalPages.map((name) => (
        <li key={name}>
          <Link to={paths.legal(name)} className={linkClass}>
            {labels[name]}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Call to action (contact modal), version label, contact address, legal links and
 * the language selector. Screens of the signed-in user's data get the compact form: one line of
 * version, legal links and language, no marketing.
 */
export function Footer({ compact = false, wide = false }: { compact?: boolean; wide?: boolean }) {
  const { t } = useTranslation(['Footer', 'Navigation']);
  const legalLabels: Record<LegalPageName, string> = {
    impressum: t('imprint'),
    datenschutz: t('privacy'),
    agb: t('terms'),
  };
  const email = t('contactEmail');
  // Until the app has taken a server-rendered page over, a click would be lost.
  const hydrated = useHydrated();
  if (compact) {
    return (
      <footer className="mt-12 border-t border-border">
        <div
          className={`mx-auto flex ${wide ? 'max-w-screen-2xl' : 'max-w-6xl'} flex-wrap items-center gap-x-6 gap-y-3 px-4 py-4 text-xs sm:px-6`}
        >
          <span className="text-muted-foreground">{t('versionLabel', { version: __APP_VERSION__ })}</span>
          <nav aria-label={t('legalTitle')}>
            <LegalLinks className="flex flex-wrap gap-x-4 gap-y-2" labels={legalLabels} />
          </nav>
          <div className="ml-auto">
            <LanguageSelect />
          </div>
        </div>
      </footer>
    );
  }
  return (
    <footer className="mt-16 border-t border-border bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
        <section
          aria-labelledby="footer-cta"
          className="mb-10 rounded-2xl border border-border bg-card px-6 py-6 shadow-sm sm:flex sm:items-center sm:justify-between sm:gap-8 sm:px-8"
        >
          <div className="flex flex-col gap-1">
            <h2 id="footer-cta" className="text-lg font-semibold tracking-tight">
              {t('ctaTitle')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('ctaText')}</p>
          </div>
          <Button
            className="mt-4 w-full sm:mt-0 sm:w-auto"
            disabled={!hydrated}
            onClick={() => requestContact()}
            onPointerEnter={preloadContactDialog}
            onFocus={preloadContactDialog}
          >
            <MailIcon aria-hidden="true" />
            {t('ctaButton')}
          </Button>
        </section>
        <div className="grid gap-8 pb-10 sm:grid-cols-3 lg:grid-cols-5">
          <div className="flex flex-col gap-3 sm:col-span-3 lg:col-span-2">
            <p className="flex items-center gap-2.5 font-semibold tracking-tight">
              <Logo className="size-7" />
              {brandName}
            </p>
            <p className="max-w-sm text-sm text-muted-foreground">{t('tagline')}</p>
            <p>
              <span className="inline-flex rounded-full border border-border bg-background px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
                {t('versionLabel', { version: __APP_VERSION__ })}
              </span>
            </p>
          </div>
          <nav aria-labelledby="footer-product" className="flex flex-col gap-2 text-sm">
            <h2 id="footer-product" className="font-semibold">
              {t('productTitle')}
            </h2>
            <ul className="flex flex-col gap-2">
              <li>
                <Link to={paths.services()} className={linkClass}>
                  {t('services', { ns: 'Navigation' })}
                </Link>
              </li>
              <li>
                <Link to={paths.price()} className={linkClass}>
                  {t('price', { ns: 'Navigation' })}
                </Link>
              </li>
            </ul>
          </nav>
          <div className="flex flex-col gap-2 text-sm">
            <h2 className="font-semibold">{t('contactTitle')}</h2>
            <address className="flex flex-col gap-2 not-italic">
              <a href={`mailto:${email}`} className={`w-fit ${linkClass}`}>
                {email}
              </a>
            </address>
          </div>
          <nav aria-labelledby="footer-legal" className="flex flex-col gap-2 text-sm">
            <h2 id="footer-legal" className="font-semibold">
              {t('legalTitle')}
            </h2>
            <LegalLinks className="flex flex-col gap-2" labels={legalLabels} />
          </nav>
        </div>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <p className="text-xs text-muted-foreground">
            {t('copyright', { year: new Date().getFullYear(), brand: brandName })}
          </p>
          <LanguageSelect />
        </div>
      </div>
    </footer>
  );
}
