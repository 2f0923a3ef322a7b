import type { Project } from '@portal/contract/project';
import { Eye, Pencil, Share2, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useParams } from 'react-router';
import { Breadcrumb } from '@/components/breadcrumb';
import { GoneState } from '@/components/gone-state';
import { MoreActionsMenu } from '@/components/more-actions-menu';
import { PageTitle } from '@/components/page-title';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { splitSlugId } from '@/lib/format';
import { localized } from '@/lib/localized';
import { useProject } from '@/resources/projects';
import { AddServicesDialog } from '../components/add-services-dialog';
import { DeleteProjectDialog } from '../components/delete-project-dialog';
import { LicenceCard } from '../components/licence-card';
import { ProjectCostsCard } from '../components/project-costs-card';
import { ProjectSettingsDialog } from '../components/project-settings-dialog';
import { ScreenHeader } from '../components/screen-header';
import { SharingDialog, useRoleName } from '../components/sharing-dialog';
import { WebhooksSection } from '../components/webhooks-section';

/** The project's main view (child route with the empty path; nothing loaded before entry). */
export function ProjectMainRoute() {
  const { t } = useTranslation(['ProjectDetail', 'Navigation']);
  const { projectSlugId = '' } = useParams();
  const project = useProject(splitSlugId(projectSlugId)?.id ?? '');

  // Deleted meanwhile (another tab): say so instead of a generic error.
  const gone = <GoneState title={t('goneTitle')} text={t('goneText')} back={t('backToProjects')} />;
  return (
    <QueryState query={project} pending={<ProjectSkeleton />} gone={gone}>
      {(data) => <ProjectView project={data} />}
    </QueryState>
  );
}

function ProjectView({ project }: { project: Project }) {
  const { t } = useTranslation(['ProjectDetail', 'Navigation', 'Sharing']);
  const language = useLanguage();
  const roleName = useRoleName();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [sharingOpen, setSharingOpen] = useState(false);
  // What the caller's role allows (docs/domain.md#ownership); the server checks it again.
  const canEdit = project.role !== 'viewer';
  const isOwner = project.role === 'owner';
  const menuButton = useRef<HTMLButtonElement>(null);
  const focusMenu = () => menuButton.current?.focus();

  return (
    <div>
      <PageTitle title={project.name} />
      <Breadcrumb
        items={[
          { label: t('projects', { ns: 'Navigation' }), to: paths.projects() },
          { label: project.name },
        ]}
      />
      <ScreenHeader
        title={project.name}
        lead={
          <span className="flex flex-wrap items-center gap-2">
            {t('owner', { owner: project.projectOwner.name })}
            {isOwner ? null : (
              <Badge tone="accent">{t('yourRole', { ns: 'Sharing', role: roleName(project.role) })}</Badge>
            )}
          </span>
        }
        inlineActions
        actions={
          <MoreActionsMenu label={t('menu')} buttonRef={menuButton}>
            <DropdownMenuItem onSelect={() => setSharingOpen(true)}>
              <Share2 aria-hidden="true" />
              {t('share', { ns: 'Sharing' })}
            </DropdownMenuItem>
            {canEdit ? (
              <DropdownMenuItem onSelect={() => setSettingsOpen(true)}>
                <Pencil aria-hidden="true" />
                {t('editSettings')}
              </DropdownMenuItem>
            ) : null}
            {isOwner ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem
                  className="text-red-700 data-[highlighted]:text-red-800 dark:text-red-400 dark:data-[highlighted]:text-red-300"
                  onSelect={() => setDeleteOpen(true)}
                >
                  <Trash2 aria-hidden="true" />
                  {t('delete')}
                </DropdownMenuItem>
              </>
            ) : null}
          </MoreActionsMenu>
        }
      />

      {canEdit ? null : (
        <p className="mb-6 flex items-start gap-3 rounded-xl border border-border bg-muted/50 p-4 text-sm">
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('viewOnly', { ns: 'Sharing' })}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="mb-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {t('descriptionTitle')}
          </h2>
          <p className="leading-relaxed break-words whitespace-pre-line">{project.description}</p>
        </Card>
        <Card>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {t('domainsTitle')}
          </h2>
          <dl className="grid gap-3">
            <DomainBadges label={t('domainsProduction')} domains={project.domainsProduction} tone="accent" />
            <DomainBadges label={t('domainsSandbox')} domains={project.domainsSandbox} tone="neutral" />
          </dl>
        </Card>
      </div>

      <section aria-labelledby="project-services" className="mt-10 flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="project-services" className="text-xl font-semibold">
            {t('services')}{' '}
            <span className="text-base font-normal text-muted-foreground">({project.licences.length})</span>
          </h2>
          {canEdit && project.licences.length > 0 ? (
            <AddServicesDialog project={project} variant="outline" />
          ) : null}
        </div>
        {project.licences.length === 0 ? (
          <EmptyState
            level={3}
            title={t('noServicesTitle')}
            actions={canEdit ? <AddServicesDialog project={project} /> : undefined}
          >
            <p>{t('noServices')}</p>
          </EmptyState>
        ) : (
          <ul aria-labelledby="project-services" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {project.licences.map((licence) => (
              <li key={licence.key}>
                <LicenceCard
                  licence={licence}
                  to={paths.licence(project, localized(licence.service.name, language), licence.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ProjectCostsCard project={project} />

      {canEdit ? <WebhooksSection projectId={project.id} /> : null}

      <SharingDialog
        project={project}
        open={sharingOpen}
        onOpenChange={setSharingOpen}
        returnFocus={focusMenu}
      />
      <ProjectSettingsDialog
        project={project}
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        returnFocus={focusMenu}
      />
      <DeleteProjectDialog
        project={project}
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        returnFocus={focusMenu}
      />
    </div>
  );
}

function DomainBadges({
  label,
  domains,
  tone,
}: {
  label: string;
  domains: readonly string[];
  tone: 'accent' | 'neutral';
}) {
  const { t } = useTranslation('ProjectDetail');
  return (
    <div className="grid gap-1.5">
      <dt className="text-sm font-medium">{label}</dt>
      <dd>
        {domains.length === 0 ? (
          <span className="text-sm text-muted-foreground">{t('noDomains')}</span>
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {domains.map((domain) => (
              <li key={domain}>
                <Badge tone={tone} className="font-mono break-all">
                  {domain}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}

function ProjectSkeleton() {
  const { t } = useTranslation('General');
  return (
    <div role="status" aria-label={t('loading')} className="flex flex-col gap-6">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-10 w-2/3" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-32 rounded-xl lg:col-span-2" />
        <Skeleton className="h-32 rounded-xl" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-36 rounded-xl" />
        <Skeleton className="h-36 rounded-xl" />
      </div>
    </div>
  );
}
