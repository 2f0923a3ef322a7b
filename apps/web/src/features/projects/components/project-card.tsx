import type { Project } from '@portal/contract/project';
import { ArrowRight, Globe } from 'lucide-react';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { localized } from '@/lib/localized';
import { Badge } from '@/components/ui/badge';
import { useRoleName } from './sharing-dialog';
import { ServiceLogo } from '@/components/service-logo';

/**
 * A project in the overview: name, 'from' the owner with the caller's role, a short
 * description and its services.
 */
export function ProjectCard({ project }: { project: Project }) {
  const { t } = useTranslation('Projects');
  const language = useLanguage();
  const roleName = useRoleName();
  const domains = project.domainsProduction.length + project.domainsSandbox.length;
  return (
    <article className="group relative flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-xs transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg leading-snug font-semibold break-words">
          {/* The ::after box stretches the link over the whole card. */}
          <Link
            to={paths.project(project.name, project.id)}
            className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
          >
            {project.name}
          </Link>
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {t('owner', { owner: project.projectOwner.name })}
          <Badge tone={project.role === 'owner' ? 'neutral' : 'accent'}>{roleName(project.role)}</Badge>
        </p>
      </div>
      <p className="line-clamp-2 text-sm">{project.descriptionShort}</p>
      <div className="mt-auto flex items-center justify-between gap-3 pt-2">
        <div className="flex min-w-0 items-center gap-3 text-sm text-muted-foreground">
          {project.licences.length > 0 ? (
            <span className="flex items-center gap-2">
              <span className="flex -space-x-1" aria-hidden="true">
                {project.licences
                  .slice(0, 4)
                  .map((licence) => (
                    <ServiceLogo
                      key={licence.key}
                      src={licence.service.logo}
                      size={24}
                      className="size-6 rounded-md bg-card ring-2 ring-card"
                    />
                  ))}
              </span>
              <span
                title={project.licences
                  .map((licence) => localized(licence.service.name, language))
                  .join(', ')}
              >
                {t('serviceCount', { count: project.licences.length })}
              </span>
            </span>
          ) : (
            <span>{t('noServicesYet')}</span>
          )}
          {domains > 0 ? (
            <span className="flex items-center gap-1">
              <Globe aria-hidden="true" className="size-4" />
              {t('domainCount', { count: domains })}
            </span>
          ) : null}
        </div>
        <ArrowRight
          aria-hidden="true"
          className="size-4 shrink-0 text-primary transition-transform group-hover:translate-x-0.5"
        />
      </div>
    </article>
  );
}
