import { useTranslation } from '@/hooks/use-translation';
import { PageTitle } from '@/components/page-title';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { RouteDataLoader } from '@/lib/route-loader';
import { useSession } from '@/hooks/use-session';
import { readSession } from '@/lib/session';
import { projectsQueryOptions, useProjects } from '@/resources/projects';
import { CreateProjectDialog } from '../components/create-project-dialog';
import { InvitationsPanel } from '../components/invitations-panel';
import { ProjectCard } from '../components/project-card';
import { ProjectsIllustration } from '../components/projects-illustration';
import { ScreenHeader } from '../components/screen-header';
import { SignedOut } from '@/components/signed-out';

/**
 * The user's project list before entry. Signed out there is nothing to load; the
 * screen opens the login modal and continues here after the login.
 */
export const projectsLoader: RouteDataLoader = async ({ queryClient }) => {
  const session = readSession();
  if (session) await queryClient.ensureQueryData(projectsQueryOptions(session.oid));
};

export function ProjectsRoute() {
  const { t } = useTranslation('Projects');
  const session = useSession();
  return (
    <div>
      <PageTitle title={t('title')} />
      {session ? (
        <ProjectsScreen userOid={session.oid} />
      ) : (
        <>
          <ScreenHeader title={t('title')} lead={t('subtitle')} />
          <SignedOut next={paths.projects()} title={t('signedOutTitle')} text={t('signedOutText')} />
        </>
      )}
    </div>
  );
}

function ProjectsScreen({ userOid }: { userOid: string }) {
  const { t } = useTranslation('Projects');
  const projects = useProjects(userOid);
  const hasProjects = (projects.data?.length ?? 0) > 0;
  return (
    <>
      <ScreenHeader
        title={t('title')}
        lead={t('subtitle')}
        // With no projects yet, the empty state carries the one create button.
        actions={hasProjects ? <CreateProjectDialog userOid={userOid} /> : null}
      />
      <InvitationsPanel userOid={userOid} />
      <QueryState
        query={projects}
        pending={
          <div
            role="status"
            aria-label={t('loading', { ns: 'General' })}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-44 rounded-xl" />
            ))}
          </div>
        }
      >
        {(list) =>
          list.length > 0 ? (
            <ul aria-label={t('listLabel')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((project) => (
                <li key={project.key}>
                  <ProjectCard project={project} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              media={<ProjectsIllustration className="h-32 w-auto sm:h-36" />}
              title={t('emptyTitle')}
              actions={<CreateProjectDialog userOid={userOid} />}
            >
              <p>{t('emptyText')}</p>
            </EmptyState>
          )
        }
      </QueryState>
    </>
  );
}
