import { useTranslation } from 'react-i18next';
import { Outlet, redirect, useParams } from 'react-router';
import { Breadcrumb } from '@/components/breadcrumb';
import { PageTitle } from '@/components/page-title';
import { LoginRequired } from '@/components/query-state';
import { paths } from '@/config/paths';
import { NotFoundError } from '@/lib/api-errors';
import { slugify, splitSlugId } from '@/lib/format';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { projectQueryOptions, useProject } from '../api/get-project';

/**
 * Spec §2: the project by id before entry, "unless a navigation parameter says to suppress the
 * load". Here the query cache is that switch: whoever already holds the project (create,
 * rename) puts it into the cache, and ensureQueryData then does not ask the server again.
 */
export const projectDetailLoader: RouteDataLoader = async ({ queryClient }, { params, request }) => {
  if (!readSession()) return;
  const segment = params.projectSlugId ?? '';
  const parsed = splitSlugId(segment);
  if (!parsed) throw new NotFoundError();
  const project = await queryClient.ensureQueryData(projectQueryOptions(parsed.id));
  // Renamed project: correct the slug, keep the child part of the path.
  if (slugify(project.name) !== parsed.slug) {
    const url = new URL(request.url);
    const rest = url.pathname.slice(`/projects/${segment}`.length);
    throw redirect(`${paths.project(project.name, project.id)}${rest}${url.search}${url.hash}`);
  }
};

/** /projects/{name}-{id}: the parent view; children render the main view or a licence. */
export function ProjectDetailRoute() {
  const session = readSession();
  const { projectSlugId = '' } = useParams();
  const id = splitSlugId(projectSlugId)?.id;
  return session && id ? <ProjectFrame id={id} /> : <LoginRequired />;
}

function ProjectFrame({ id }: { id: string }) {
  const { t } = useTranslation(['ProjectDetail', 'Navigation']);
  const { data: project } = useProject(id);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={project.name} />
      <Breadcrumb
        items={[
          { label: t('projects', { ns: 'Navigation' }), to: paths.projects() },
          { label: project.name },
        ]}
      />
      <Outlet />
    </div>
  );
}
