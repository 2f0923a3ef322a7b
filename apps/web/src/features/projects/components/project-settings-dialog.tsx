import type { Project } from '@portal/contract/project';
import { useTranslation } from '@/hooks/use-translation';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { slugify } from '@/lib/format';
import { useUpdateProject } from '../api/update-project';
import { ProjectForm } from './project-form';
import { ProjectMenuDialog, type ProjectMenuDialogProps } from './project-menu-dialog';

export interface ProjectSettingsDialogProps extends ProjectMenuDialogProps {
  project: Project;
}

/**
 * Name, description and domains of the project (name and description must not be
 * empty). A new name changes the address to the new slug in place: the history entry is
 * replaced and the screen stays (no reload; the route enters from the cache).
 */
export function ProjectSettingsDialog({
  project,
  open,
  onOpenChange,
  returnFocus,
}: ProjectSettingsDialogProps) {
  const { t } = useTranslation(['ProjectDetail', 'Modal', 'Notifications']);
  const navigate = useNavigate();
  const updateProject = useUpdateProject();
  return (
    <ProjectMenuDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocus={returnFocus}
      title={t('projectSettingsTitle', { ns: 'Modal' })}
    >
      <ProjectForm
        initial={project}
        submitLabel={t('save', { ns: 'Modal' })}
        cancelLabel={t('cancel', { ns: 'Modal' })}
        onSubmit={async (values) => {
          const updated = await updateProject.mutateAsync({ id: project.id, ...values });
          onOpenChange(false);
          toast.success(t('projectSaved', { ns: 'Notifications' }));
          if (slugify(updated.name) !== slugify(project.name)) {
            await navigate(paths.project(updated.name, updated.id), {
              replace: true,
              preventScrollReset: true,
            });
          }
        }}
      />
    </ProjectMenuDialog>
  );
}
