import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brandName } from '@/config/brand';
import { paths, type LegalPageName } from '@/config/paths';
import { LanguageSelect } from './language-select';

/** Spec §1: language selector, version label, contact address and legal links. */
export function Footer() {
  const { t } = useTranslation('Footer');
  const legalLinks: Array<{ name: LegalPageName; label: string }> = [
    { name: 'impressum', label: t('imprint') },
    { name: 'datenschutz', label: t('privacy') },
    { name: 'agb', label: t('terms') },
  ];
  const email = t('contactEmail');
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        <div className="flex flex-col gap-2">
          <p className="font-semibold">{brandName}</p>
          <p className="text-sm text-muted-foreground">{t('tagline')}</p>
          <p>
            <span className="inline-flex rounded-full border border-border px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
              {t('versionLabel', { version: __APP_VERSION__ })}
            </span>
          </p>
        </div>
        <div className="flex flex-col gap-2 text-sm">
          <p className="font-semibold">{t('contactTitle')}</p>
          <a
            href={`mailto:${email}`}
            className="w-fit rounded text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            {email}
          </a>
        </div>
        <nav aria-label={t('legalTitle')} className="flex flex-col gap-2 text-sm">
          <p className="font-semibold">{t('legalTitle')}</p>
          <ul className="flex flex-col gap-1.5">
            {legalLinks.map((link) => (
              <li key={link.name}>
                <Link
                  to={paths.legal(link.name)}
                  className="rounded text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
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
