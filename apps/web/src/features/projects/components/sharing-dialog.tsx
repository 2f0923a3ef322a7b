import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { accountEmailSchema } from '@portal/contract/account';
import type { Project, ProjectRole } from '@portal/contract/project';
import { MEMBER_LIMITS, type Member, type MemberRole } from '@portal/contract/project-member';
import { Crown, LogOut, MailPlus, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';
import { isApiError } from '@/lib/api-errors';
import { projectQueryOptions, refreshProjectLists } from '@/resources/projects';
import {
  useChangeRole,
  useInviteMember,
  useMembers,
  useRemoveMember,
  useResendInvitation,
} from '../api/members';
import { ProjectMenuDialog, type ProjectMenuDialogProps } from './project-menu-dialog';

const roleKey = { owner: 'roleOwner', editor: 'roleEditor', viewer: 'roleViewer' } as const;

/** The role's name in the interface language. */
export function useRoleName(): (role: ProjectRole) => string {
  const { t } = useTranslation('Sharing');
  return (role) => t(roleKey[role]);
}

export interface SharingDialogProps extends ProjectMenuDialogProps {
  project: Project;
}

/**
 * Who belongs to the project (docs/domain.md#ownership). The owner invites by address, sends a
 * pending invitation again, changes roles, removes people and hands the project over; everyone
 * else sees the list and may leave.
 */
export function SharingDialog({ project, open, onOpenChange, returnFocus }: SharingDialogProps) {
  const { t } = useTranslation(['Sharing', 'Modal']);
  return (
    <ProjectMenuDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocus={returnFocus}
      title={t('dialogTitle')}
      description={t('dialogIntro')}
    >
      {open ? <SharingPanel project={project} onLeft={() => onOpenChange(false)} /> : null}
    </ProjectMenuDialog>
  );
}

type Pending = { kind: 'handOver' | 'remove' | 'leave'; member: Member } | null;

function SharingPanel({ project, onLeft }: { project: Project; onLeft: () => void }) {
  const { t } = useTranslation(['Sharing', 'Modal']);
  const members = useMembers(project.id);
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const changeRole = useChangeRole(project.id);
  const removeMember = useRemoveMember(project.id);
  const resendInvitation = useResendInvitation(project.id);
  const [pending, setPending] = useState<Pending>(null);
  const [failed, setFailed] = useState(false);
  const isOwner = project.role === 'owner';

  const setRole = async (member: Member, role: MemberRole) => {
    try {
      await changeRole.mutateAsync({ personId: member.person.oid, role });
      toast.success(t('roleChanged', { name: member.person.name }));
    } catch (error) {
      console.error(error);
      toast.error(t('failed'));
    }
  };

  const resend = async (member: Member) => {
    try {
      await resendInvitation.mutateAsync({ personId: member.person.oid });
      toast.success(t('resent', { email: member.person.email }));
    } catch (error) {
      // Past the day's invitation mails the server says so, in the interface language.
      if (!isApiError(error, 'invitationLimit')) console.error(error);
      toast.error(isApiError(error, 'invitationLimit') ? error.message : t('failed'));
    }
  };

  const confirm = async () => {
    if (!pending) return;
    const { kind, member } = pending;
    setFailed(false);
    try {
      if (kind === 'handOver') {
        await changeRole.mutateAsync({ personId: member.person.oid, role: 'owner' });
        toast.success(t('handedOver', { name: member.person.name }));
      } else {
        await removeMember.mutateAsync({ personId: member.person.oid });
        if (kind === 'leave') {
          toast.success(t('left'));
          onLeft();
          await navigate(paths.projects());
          queryClient.removeQueries({ queryKey: projectQueryOptions(project.id).queryKey });
          await refreshProjectLists(queryClient);
          return;
        }
        toast.success(t('removed', { name: member.person.name }));
      }
      setPending(null);
    } catch (error) {
      console.error(error);
      setFailed(true);
    }
  };

  const confirmTexts = pending
    ? {
        handOver: {
          title: t('handOverTitle'),
          description: t('handOverText', { name: pending.member.person.name }),
          label: t('handOver'),
        },
        remove: {
          title: t('removeTitle'),
          description: t('removeText'),
          label: pending.member.state === 'invited' ? t('withdraw') : t('remove'),
        },
        leave: { title: t('leaveTitle'), description: t('leaveText'), label: t('leave') },
      }[pending.kind]
    : null;

  return (
    <div className="grid gap-6">
      {isOwner ? <InviteForm projectId={project.id} /> : null}
      <section aria-labelledby="sharing-members" className="grid gap-3">
        <h3
          id="sharing-members"
          className="text-sm font-semibold tracking-wide text-muted-foreground uppercase"
        >
          {t('membersTitle')}
        </h3>
        <QueryState
          query={members}
          pending={
            <div className="grid gap-2">
              <Skeleton className="h-14 rounded-lg" />
              <Skeleton className="h-14 rounded-lg" />
            </div>
          }
        >
          {(list) => (
            <ul className="grid divide-y divide-border rounded-lg border border-border">
              {list.map((member) => (
                <MemberRow
                  key={member.person.oid}
                  member={member}
                  isSelf={member.person.oid === session?.oid}
                  canManage={isOwner}
                  busy={changeRole.isPending}
                  resending={resendInvitation.isPending && resendInvitation.variables.personId === member.person.oid}
                  onRole={(role) => void setRole(member, role)}
                  onResend={() => void resend(member)}
                  onHandOver={() => setPending({ kind: 'handOver', member })}
                  onRemove={() => setPending({ kind: 'remove', member })}
                  onLeave={() => setPending({ kind: 'leave', member })}
                />
              ))}
            </ul>
          )}
        </QueryState>
        <p className="text-xs text-muted-foreground">{t('roleHelp')}</p>
      </section>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => {
          if (!next) {
            setPending(null);
            setFailed(false);
          }
        }}
        title={confirmTexts?.title ?? ''}
        description={confirmTexts?.description ?? ''}
        subject={pending ? `${pending.member.person.name} (${pending.member.person.email})` : ''}
        confirmLabel={confirmTexts?.label ?? t('confirm')}
        failedMessage={failed ? t('failed') : null}
        pending={changeRole.isPending || removeMember.isPending}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}

function MemberRow({
  member,
  isSelf,
  canManage,
  busy,
  resending,
  onRole,
  onResend,
  onHandOver,
  onRemove,
  onLeave,
}: {
  member: Member;
  isSelf: boolean;
  canManage: boolean;
  busy: boolean;
  resending: boolean;
  onRole: (role: MemberRole) => void;
  onResend: () => void;
  onHandOver: () => void;
  onRemove: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('Sharing');
  const roleName = useRoleName();
  const { name, email } = member.person;
  const manageable = canManage && member.role !== 'owner';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-3 sm:px-4">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium break-words">
          {name}
          {isSelf ? <span className="font-normal text-muted-foreground"> ({t('you')})</span> : null}
        </p>
        {/* Someone invited without an account has no name yet: the address is shown once. */}
        {email === name ? null : <p className="text-sm break-all text-muted-foreground">{email}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {member.state === 'invited' ? <Badge tone="warning">{t('invitedState')}</Badge> : null}
        {manageable ? (
          <NativeSelect
            aria-label={t('roleOf', { name })}
            value={member.role}
            disabled={busy}
            onChange={(event) => onRole(event.target.value as MemberRole)}
            className="w-40"
          >
            <option value="editor">{roleName('editor')}</option>
            <option value="viewer">{roleName('viewer')}</option>
          </NativeSelect>
        ) : (
          <Badge tone={member.role === 'owner' ? 'accent' : 'neutral'}>{roleName(member.role)}</Badge>
        )}
        {manageable && member.state === 'invited' ? (
          <Button
            variant="ghost"
            size="iconSm"
            aria-label={`${t('resend')}: ${name}`}
            title={t('resend')}
            disabled={resending}
            onClick={onResend}
          >
            {resending ? <Spinner /> : <MailPlus aria-hidden="true" />}
          </Button>
        ) : null}
        {manageable && member.state === 'active' ? (
          <Button
            variant="ghost"
            size="iconSm"
            aria-label={`${t('handOver')}: ${name}`}
            title={t('handOver')}
            onClick={onHandOver}
          >
            <Crown aria-hidden="true" />
          </Button>
        ) : null}
        {manageable ? (
          <Button
            variant="ghost"
            size="iconSm"
            aria-label={`${member.state === 'invited' ? t('withdraw') : t('remove')}: ${name}`}
            title={member.state === 'invited' ? t('withdraw') : t('remove')}
            onClick={onRemove}
          >
            <UserMinus aria-hidden="true" />
          </Button>
        ) : null}
        {isSelf && member.role !== 'owner' ? (
          <Button variant="outline" size="sm" onClick={onLeave}>
            <LogOut aria-hidden="true" />
            {t('leave')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

// Messages are translation keys of the Error namespace.
const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: 'required', abort: true })
    .refine((value) => accountEmailSchema.safeParse(value).success, 'invalidEmail'),
  role: z.enum(['editor', 'viewer']),
});
type InviteValues = z.infer<typeof inviteSchema>;

function InviteForm({ projectId }: { projectId: string }) {
  const { t } = useTranslation(['Sharing', 'Error']);
  const roleName = useRoleName();
  const invite = useInviteMember(projectId);
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'viewer' },
  });
  const { errors, isSubmitting } = form.formState;
  const emailError = errors.email?.message;

  const submit = form.handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    try {
      await invite.mutateAsync({ email, role: values.role });
    } catch (error) {
      // The server's message says why (already a member or invited, too many, the day's
      // invitation mails spent), in the interface language.
      const told = isApiError(error) && (error.status === 409 || error.code === 'invitationLimit');
      if (!told) console.error(error);
      form.setError('root', { message: told ? error.message : t('failed') });
      return;
    }
    toast.success(t('inviteSent', { email }));
    form.reset({ email: '', role: values.role });
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="sharing-invite"
      className="grid gap-3"
    >
      <h3 id="sharing-invite" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {t('inviteTitle')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <Field
          label={t('email')}
          error={
            emailError === 'required' || emailError === 'invalidEmail'
              ? t(emailError, { ns: 'Error' })
              : undefined
          } required>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </Field>
        <Field label={t('role')}>
          <NativeSelect {...form.register('role')}>
            <option value="viewer">{roleName('viewer')}</option>
            <option value="editor">{roleName('editor')}</option>
          </NativeSelect>
        </Field>
      </div>
      <p className="text-xs text-muted-foreground">{t('inviteHint', { count: MEMBER_LIMITS.perProject })}</p>
      {errors.root?.message ? <FormAlert>{errors.root.message}</FormAlert> : null}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {t('invite')}
        </Button>
      </div>
    </form>
  );
}
