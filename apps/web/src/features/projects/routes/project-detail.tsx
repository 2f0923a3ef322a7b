import { useTranslation } from '@/hooks/use-translation';
import { Outlet, useLocation } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { NotFoundError } from '@/lib/api-errors';
import { redirectToCanonical } from '@/lib/canonical-path';
import { splitSlugId } from '@/lib/format';
import type { RouteDataLoader } from '@/lib/route-loader';
import { useSession } from '@/hooks/use-session';
import { readSession } from '@/lib/session';
import { projectQueryOptions } from '@/resources/projects';
import { SignedOut } from '@/components/signed-out';

/**
 * The project by id before entry, unless the app already holds it. The query cache is that
 * switch: whoever already holds the project (create, rename) puts it into the cache, and
 * ensureQueryData then does not ask the server again.
 * Another user's project answers 404, which leads to /404.
 */
export const projectDetailLoader: RouteDataLoader = async ({ queryClient }, { params, request }) => {
  if (!readSession()) return;
  const parsed = splitSlugId(params.projectSlugId ?? '');
  if (!parsed) throw new NotFoundError();
  const project = await queryClient.ensureQueryData(projectQueryOptions(parsed.id));
  // Renamed project or a wrong name: correct the slug, keep the child part of the path.
  redirectToCanonical(request, paths.project(project.name, project.id));
};

/**
 * /projects/{name}-{id}: the parent view. Its children render the project's main view or a
 * licence, each with its own breadcrumb and heading.
 */
export function ProjectDetailRoute() {
  const { t } = useTranslation('ProjectDetail');
  const location = useLocation();
  const session = useSession();
  if (!session) {
    return (
      <>
        <PageTitle title={t('signedOutTitle')} />
        <SignedOut next={location.pathname} title={t('signedOutTitle')} text={t('signedOutText')} />
      </>
    );
  }
  return <Outlet />;
}
