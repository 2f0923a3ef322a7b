import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { splitSlugId } from '@/lib/format';
import { localized } from '@/lib/localized';
import { useProject } from '../api/get-project';

/** The project's main view (child route with the empty path; nothing loaded before entry). */
export function ProjectMainRoute() {
  const { projectSlugId = '' } = useParams();
  const { data: project } = useProject(splitSlugId(projectSlugId)?.id ?? '');
  const { t } = useTranslation('ProjectDetail');
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{project.name}</h1>
        <p className="mt-2 text-muted-foreground">{project.description}</p>
      </header>
      <section aria-labelledby="project-services" className="flex flex-col gap-3">
        <h2 id="project-services" className="text-xl font-semibold">
          {t('services')}
        </h2>
        {project.licences.length === 0 ? (
          <p className="text-muted-foreground">{t('noServices')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {project.licences.map((licence) => {
              const serviceName = localized(licence.service.name, language);
              return (
                <li key={licence.key}>
                  <Link to={paths.licence(project, serviceName, licence.id)} className="hover:underline">
                    {serviceName}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
