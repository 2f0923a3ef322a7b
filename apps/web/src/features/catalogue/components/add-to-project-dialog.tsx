import type { Project } from '@portal/contract/project';
import { CheckCircle2, FolderPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Link } from '@/components/link';
import { toast } from 'sonner';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { useAddLicence, useProjects } from '@/resources/projects';
import { useBillingProfile } from '@/resources/billing';
import { BillingMissingNote } from '@/components/billing/billing-missing-note';

export interface AddToProjectDialogProps {
  /** `paid`: any of its prices is above zero (then the owner's billing profile is asked for first). */
  service: { id: string; name: string; paid: boolean };
  userOid: string;
  onClose: () => void;
  returnFocusTo?: HTMLElement | null;
}

function holdsService(project: Project, serviceId: string): boolean {
  return project.licences.some((licence) => licence.service.id === serviceId);
}

/**
 * Pick one of the user's projects; projects that already hold the service are
 * disabled options; continue stays disabled until a project is chosen. After the licence is
 * added, a notice and the way to the project.
 */
export function AddToProjectDialog({ service, userOid, onClose, returnFocusTo }: AddToProjectDialogProps) {
  const { t } = useTranslation(['Modal', 'Notifications', 'Error']);
  const projects = useProjects(userOid);
  const add = useAddLicence();
  const [selected, setSelected] = useState<string | null>(null);
  const [added, setAdded] = useState<Project | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const legendId = useId();
  // Who pays is the project's owner (docs/domain.md#ownership): their own profile is asked for
  // before they add a paid service; free services are never held up.
  const billing = useBillingProfile(userOid, service.paid);
  const billingMissing = service.paid && billing.data === null;

  const submit = async () => {
    if (!selected) return;
    setFailure(null);
    try {
      const project = await add.mutateAsync({ projectId: selected, serviceId: service.id });
      toast.success(t('serviceAdded', { ns: 'Notifications' }));
      setAdded(project);
    } catch (error) {
      if (isApiError(error, 'alreadyLicensed')) {
        setFailure(t('alreadyLicensed'));
        setSelected(null);
      } else {
        console.error('Adding the service to the project failed', error);
        setFailure(t('addToProjectFailed'));
      }
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={t('addToProjectTitle')}
        description={added ? undefined : t('addToProjectText')}
        closeLabel={t('close')}
        returnFocusTo={returnFocusTo}
        className="sm:max-w-md"
      >
        {added ? (
          <>
            <div role="status" className="flex items-start gap-3 rounded-xl bg-muted p-4">
              <CheckCircle2
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400"
              />
              <p className="text-sm">
                {t('serviceAddedText', { service: service.name, project: added.name })}
              </p>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                {t('close')}
              </Button>
              <Button asChild>
                <Link to={paths.project(added.name, added.id)} onClick={onClose}>
                  {t('goToProject')}
                </Link>
              </Button>
            </DialogFooter>
          </>
        ) : (
          <QueryState
            query={projects}
            pending={
              <div className="grid gap-2">
                <p role="status" className="sr-only">
                  {t('projectsLoading')}
                </p>
                {[0, 1].map((row) => (
                  <Skeleton key={row} className="h-16 rounded-xl" />
                ))}
              </div>
            }
          >
            {(list) =>
              list.length === 0 ? (
                <>
                  <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-6 text-center">
                    <FolderPlus aria-hidden="true" className="size-8 text-muted-foreground" />
                    <p className="text-sm text-muted-foreground">{t('noProjects')}</p>
                  </div>
                  <DialogFooter>
                    <Button variant="outline" onClick={onClose}>
                      {t('cancel')}
                    </Button>
                    <Button asChild>
                      <Link to={paths.projects()} onClick={onClose}>
                        {t('goToProjects')}
                      </Link>
                    </Button>
                  </DialogFooter>
                </>
              ) : (
                <form
                  className="grid gap-5"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void submit();
                  }}
                >
                  <fieldset aria-labelledby={legendId} className="grid gap-2">
                    <legend id={legendId} className="sr-only">
                      {t('selectProject')}
                    </legend>
                    {list.map((project) => {
                      const holds = holdsService(project, service.id);
                      return (
                        <label
                          key={project.key}
                          className={cn(
                            'flex cursor-pointer items-start gap-3 rounded-xl border border-border p-4 transition-colors',
                            'has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                            holds ? 'cursor-not-allowed opacity-60' : 'hover:bg-muted',
                          )}
                        >
                          <input
                            type="radio"
                            name="project"
                            value={project.id}
                            checked={selected === project.id}
                            disabled={holds}
                            onChange={() => setSelected(project.id)}
                            className="mt-1 size-4 shrink-0 accent-primary focus-visible:outline-none"
                          />
                          <span className="grid min-w-0 gap-0.5">
                            <span className="truncate text-sm font-medium">{project.name}</span>
                            <span className="text-xs text-muted-foreground">
                              {holds
                                ? t('alreadyInProject')
                                : t('servicesInProject', { count: project.licences.length })}
                            </span>
                          </span>
                        </label>
                      );
                    })}
                  </fieldset>
                  {billingMissing && list.some((project) => project.role === 'owner') ? (
                    <BillingMissingNote onNavigate={onClose} />
                  ) : null}
                  {failure ? <FormAlert>{failure}</FormAlert> : null}
                  <DialogFooter>
                    <Button variant="outline" onClick={onClose}>
                      {t('cancel')}
                    </Button>
                    <Button
                      type="submit"
                      disabled={!selected || add.isPending}
                      aria-busy={add.isPending || undefined}
                    >
                      {add.isPending ? <Spinner className="size-4" /> : null}
                      {t('continue')}
                    </Button>
                  </DialogFooter>
                </form>
              )
            }
          </QueryState>
        )}
      </DialogContent>
    </Dialog>
  );
}
