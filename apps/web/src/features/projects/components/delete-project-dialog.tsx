import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { useDeleteProject } from '../api/delete-project';
import { forgetProjectLicences } from '@/resources/licences';
import { projectQueryOptions } from '@/resources/projects';

export interface DeleteProjectDialogProps {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from a menu: focus goes back to the menu's button, not to the vanished item. */
  returnFocus?: () => void;
}

/** Delete asks first, then a notice and back to /projects. */
export function DeleteProjectDialog({ project, open, onOpenChange, returnFocus }: DeleteProjectDialogProps) {
  const { t } = useTranslation(['ProjectDetail', 'Modal', 'Notifications']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteProject = useDeleteProject();
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setFailed(false);
    try {
      await deleteProject.mutateAsync({ id: project.id });
    } catch (error) {
      console.error(error);
      setFailed(true);
      return;
    }
    onOpenChange(false);
    toast.success(t('projectDeleted', { ns: 'Notifications' }));
    await navigate(paths.projects());
    // Gone for good: Back to its address must not show it from the cache.
    queryClient.removeQueries({ queryKey: projectQueryOptions(project.id).queryKey });
    forgetProjectLicences(queryClient, project);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('deleteProjectTitle', { ns: 'Modal' })}
      description={t('deleteProjectText', { ns: 'Modal' })}
      subject={project.name}
      confirmLabel={t('delete', { ns: 'Modal' })}
      failedMessage={failed ? t('deleteFailed') : null}
      pending={deleteProject.isPending}
      onConfirm={() => void confirm()}
      returnFocus={returnFocus}
    />
  );
}
