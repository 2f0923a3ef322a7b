import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { SignedOut } from '@/components/signed-out';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';
import { useUser } from '@/resources/person';

/**
 * The frame of an admin area's screen (docs/admin.md#the-console): page title, heading and
 * optional actions; signed out it shows the login panel, for a non-admin the not-allowed panel
 * (the server refuses them anyway), else the area.
 */
export function AdminScreen({
  title,
  actions,
  children,
}: {
  title: string;
  /** Buttons beside the heading (e.g. "Invite"). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('Admin');
  const session = useSession();
  const user = useUser();
  const location = useLocation();
  let body: ReactNode = children;
  if (!session) body = <SignedOut next={location.pathname} title={t('signedOutTitle')} text={t('signedOutText')} />;
  else if (user.data && !user.data.isAdmin) body = <AdminNotAllowed />;
  const admin = session && user.data?.isAdmin;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        {admin && actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {body}
    </div>
  );
}

/** Signed in, but not an admin (or the server answered 403). */
export function AdminNotAllowed({ className }: { className?: string }) {
  const { t } = useTranslation('Admin');
  return (
    <EmptyState
      className={className}
      media={
        <span className="grid size-12 place-items-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
          <ShieldAlert aria-hidden="true" className="size-6" />
        </span>
      }
      title={t('notAllowedTitle')}
      actions={
        <Button asChild variant="outline">
          <Link to={paths.projects()}>{t('toProjects')}</Link>
        </Button>
      }
    >
      <p>{t('notAllowedText')}</p>
    </EmptyState>
  );
}
