import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useCreateProject } from '../api/create-project';
import { ProjectForm } from './project-form';

/** The create button and its modal; a new project opens at once. */
export function CreateProjectDialog({
  userOid,
  variant = 'primary',
}: {
  userOid: string;
  variant?: ButtonProps['variant'];
}) {
  const { t } = useTranslation(['Projects', 'Modal', 'Notifications']);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const createProject = useCreateProject();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant}>
          <Plus aria-hidden="true" />
          {t('create', { ns: 'Projects' })}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('createProjectTitle', { ns: 'Modal' })}
        description={t('createText', { ns: 'Projects' })}
        closeLabel={t('close', { ns: 'Modal' })}
        className="sm:max-w-2xl"
      >
        {/* Mounted only while open: every opening starts with an empty form. */}
        <ProjectForm
          submitLabel={t('create', { ns: 'Modal' })}
          cancelLabel={t('cancel', { ns: 'Modal' })}
          onSubmit={async (values) => {
            const project = await createProject.mutateAsync({ projectOwner: userOid, ...values });
            setOpen(false);
            toast.success(t('projectCreated', { ns: 'Notifications' }));
            await navigate(paths.project(project.name, project.id));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
