import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageTitle } from '@/components/page-title';
import { LoginRequired } from '@/components/query-state';
import { paths } from '@/config/paths';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { projectsQueryOptions, useProjects } from '../api/get-projects';

/**
 * Spec §2: the user's project list before entry. Signed out there is nothing to load; the
 * screen asks to log in (issue 4: the login modal opens and the navigation continues).
 */
export const projectsLoader: RouteDataLoader = async ({ queryClient }) => {
  const session = readSession();
  if (session) await queryClient.ensureQueryData(projectsQueryOptions(session.oid));
};

export function ProjectsRoute() {
  const { t } = useTranslation('Projects');
  const session = readSession();
  return (
    <div>
      <PageTitle title={t('title')} />
      <PageHeader title={t('title')} lead={t('subtitle')} />
      {session ? <ProjectList userOid={session.oid} /> : <LoginRequired />}
    </div>
  );
}

function ProjectList({ userOid }: { userOid: string }) {
  const { t } = useTranslation('Projects');
  const { data: projects } = useProjects(userOid);
  if (projects.length === 0) return <p className="text-muted-foreground">{t('emptyTitle')}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <li key={project.key} className="rounded-xl border border-border bg-card p-5">
          <Link to={paths.project(project.name, project.id)} className="font-semibold hover:underline">
            {project.name}
          </Link>
          <p className="mt-1 text-sm text-muted-foreground">{project.description}</p>
        </li>
      ))}
    </ul>
  );
}
