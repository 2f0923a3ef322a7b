import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Member } from '@portal/contract/project-member';
import type { Project } from '@portal/contract/project';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DangerButton } from '@/components/ui/danger-button';
import { FormDialog } from '@/components/form-dialog';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-errors';
import { useProjects } from '@/resources/projects';
import { useMfaStatus } from '../api/mfa';
import { useDeleteAccount, useDownloadMyData, useHandOver, useOwnedProjectMembers } from '../api/privacy';

/** "Your data" in the profile: the data export and the account deletion (docs/privacy.md). */
export function PrivacyCard({ oid }: { oid: string }) {
  const { t } = useTranslation('Profile');
  return (
    <Card className="p-6" data-testid="privacy">
      <h2 className="mb-2 text-lg font-semibold">{t('privacyTitle')}</h2>
      <p className="mb-4 text-sm text-muted-foreground">{t('privacyText')}</p>
      <div className="flex flex-wrap gap-2">
        <DownloadMyData oid={oid} />
        <DeleteAccountDialog oid={oid} />
      </div>
    </Card>
  );
}

/** Fetches the ZIP with the session's token and saves it; a refusal (e.g. 429) is shown inline. */
export function DownloadMyData({ oid }: { oid: string }) {
  const { t } = useTranslation(['Profile', 'Error']);
  const download = useDownloadMyData(oid);
  return (
    <div className="grid gap-1">
      <Button
        variant="outline"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: (file) => toast.success(t('downloadDone', { file })),
          })
        }
      >
        {download.isPending ? <Spinner className="size-4" /> : null}
        {t('downloadData')}
      </Button>
      <p className="text-xs text-muted-foreground">{t('downloadDataHint')}</p>
      {download.isError ? (
        <FormAlert>
          {isApiError(download.error, 'rateLimited')
            ? t('rateLimited', { ns: 'Error' })
            : t('downloadFailed')}
        </FormAlert>
      ) : null}
    </div>
  );
}

export function DeleteAccountDialog({ oid }: { oid: string }) {
  const { t } = useTranslation(['Profile']);
  return (
    <FormDialog trigger={t('deleteAccount')} title={t('deleteAccountTitle')} className="sm:max-w-lg">
      {(close) => <DeleteAccountForm oid={oid} onCancel={close} />}
    </FormDialog>
  );
}

function DeleteAccountForm({ oid, onCancel }: { oid: string; onCancel: () => void }) {
  const { t } = useTranslation(['Profile', 'Modal', 'Error']);
  const navigate = useNavigate();
  const projects = useProjects(oid);
  const mfa = useMfaStatus(oid);
  const deletion = useDeleteAccount(oid);
  const [useCode, setUseCode] = useState(false);
  const [proof, setProof] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const owned = (projects.data ?? []).filter((p) => p.role === 'owner');
  const hasCode = mfa.data?.totp === true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!proof) {
      setProblem(t('required', { ns: 'Error' }));
      return;
    }
    deletion.mutate(useCode ? { code: proof.replace(/\s/g, '') } : { password: proof }, {
      onSuccess: () => {
        onCancel();
        toast.success(t('deleted'));
        void navigate(paths.home());
        deletion.signOut();
      },
      onError: (error) => {
        if (isApiError(error, 'pwWrong')) setProblem(t('pwWrong', { ns: 'Error' }));
        else if (isApiError(error, 'mfaCodeWrong') || isApiError(error, 'validation'))
          setProblem(t('mfaCodeWrong', { ns: 'Error' }));
        else if (isApiError(error, 'rateLimited')) setProblem(t('rateLimited', { ns: 'Error' }));
        else if (isApiError(error, 'sharedProjects') || isApiError(error, 'lastAdmin')) {
          // The server's message, with the projects it names.
          setProblem([error.message, ...error.problems].join(' '));
          void projects.refetch();
        } else setProblem(t('generic', { ns: 'Error' }));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="text-sm">
        <p className="mb-2 font-medium">{t('deleteConsequences')}</p>
        <ul className="grid list-disc gap-1 pl-5" data-testid="delete-consequences">
          <li>{t('deleteConsequenceSignOut')}</li>
          <li>{t('deleteConsequenceProjects')}</li>
          <li>{t('deleteConsequenceMemberships')}</li>
          <li>{t('deleteConsequenceErased')}</li>
          <li>{t('deleteConsequenceKept')}</li>
        </ul>
      </div>
      <SharedProjects projects={owned} />
      <Field
        label={useCode ? t('deleteProofCode') : t('deleteProofPassword')}
        hint={t('deleteProofHint')}
        error={problem ?? undefined}
        required
      >
        <Input
          type={useCode ? 'text' : 'password'}
          inputMode={useCode ? 'numeric' : undefined}
          autoComplete={useCode ? 'one-time-code' : 'current-password'}
          value={proof}
          onChange={(event) => {
            setProof(event.target.value);
            setProblem(null);
          }}
        />
      </Field>
      {hasCode ? (
        <Button
          type="button"
          variant="ghost"
          className="justify-self-start"
          onClick={() => {
            setUseCode(!useCode);
            setProof('');
            setProblem(null);
          }}
        >
          {useCode ? t('deleteProofUsePassword') : t('deleteProofUseCode')}
        </Button>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('cancel', { ns: 'Modal' })}</Button>
        </DialogClose>
        <DangerButton type="submit" disabled={deletion.isPending}>
          {deletion.isPending ? <Spinner className="size-4" /> : null}
          {t('deleteConfirm')}
        </DangerButton>
      </DialogFooter>
    </form>
  );
}

/** The owned projects shared with others, each with the hand-over to one of its active members. */
function SharedProjects({ projects }: { projects: Project[] }) {
  const { t } = useTranslation('Profile');
  return (
    <SharedList title={t('deleteHandOverFirst')}>
      {projects.map((project) => (
        <SharedProject key={project.id} project={project} />
      ))}
    </SharedList>
  );
}

/** The list with its title, shown only when one of its items is shared (CSS :has on the items). */
function SharedList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      className="hidden rounded-lg border border-amber-600/40 bg-amber-500/10 p-3 text-sm has-[li]:block"
      data-testid="shared-projects"
    >
      <p className="mb-2 font-medium">{title}</p>
      <ul className="grid gap-3">{children}</ul>
    </div>
  );
}

function SharedProject({ project }: { project: Project }) {
  const { t } = useTranslation(['Profile', 'Error']);
  const members = useOwnedProjectMembers(project.id);
  const active = (members.data ?? []).filter((m: Member) => m.role !== 'owner' && m.state === 'active');
  const handOver = useHandOver(project.id);
  const [to, setTo] = useState('');
  if (active.length === 0) return null;
  const selected = to || active[0]!.person.oid;
  const selectId = `hand-over-${project.id}`;
  return (
    <li className="grid gap-2">
      <span className="font-medium break-words">{project.name}</span>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={selectId} className="text-xs text-muted-foreground">
            {t('handOverTo')}
          </label>
          <NativeSelect id={selectId} value={selected} onChange={(event) => setTo(event.target.value)}>
            {active.map((m) => (
              <option key={m.person.oid} value={m.person.oid}>
                {m.person.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={handOver.isPending}
          onClick={() =>
            handOver.mutate(selected, {
              onSuccess: () => {
                const name = active.find((m) => m.person.oid === selected)?.person.name ?? '';
                toast.success(t('handedOver', { project: project.name, name }));
              },
            })
          }
        >
          {handOver.isPending ? <Spinner className="size-4" /> : null}
          {t('handOver')}
        </Button>
      </div>
      {handOver.isError ? <FormAlert>{t('generic', { ns: 'Error' })}</FormAlert> : null}
    </li>
  );
}
