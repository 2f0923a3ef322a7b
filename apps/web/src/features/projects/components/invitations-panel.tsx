import type { ProjectInvitation } from '@portal/contract/project-member';
import { Mail } from 'lucide-react';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAnswerInvitation, useInvitations } from '../api/invitations';
import { useRoleName } from './sharing-dialog';

/** Pending invitations to shared projects, above the project list; nothing when there are none. */
export function InvitationsPanel({ userOid }: { userOid: string }) {
  const { t } = useTranslation('Sharing');
  const invitations = useInvitations(userOid);
  const list = invitations.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="invitations-title" className="mb-8 grid gap-3">
      <h2 id="invitations-title" className="flex items-center gap-2 text-lg font-semibold">
        <Mail aria-hidden="true" className="size-5 text-primary" />
        {t('invitationsTitle')}
      </h2>
      <ul className="grid gap-3">
        {list.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: ProjectInvitation }) {
  const { t } = useTranslation('Sharing');
  const roleName = useRoleName();
  const answer = useAnswerInvitation();
  const project = invitation.project.name;

  const respond = async (accept: boolean) => {
    try {
      await answer.mutateAsync({ id: invitation.id, accept });
      toast.success(accept ? t('accepted', { project }) : t('declined'));
    } catch (error) {
      console.error(error);
      toast.error(t('failed'));
    }
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-900 dark:bg-indigo-950/40">
      <div className="min-w-0 flex-1 basis-60">
        <p className="font-semibold break-words">{project}</p>
        <p className="text-sm text-muted-foreground">
          {t('invitationText', {
            inviter: invitation.invitedBy || invitation.project.owner,
            role: roleName(invitation.role),
            owner: invitation.project.owner,
          })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={answer.isPending}
          aria-label={t('declineLabel', { project })}
          onClick={() => void respond(false)}
        >
          {t('decline')}
        </Button>
        <Button
          size="sm"
          disabled={answer.isPending}
          aria-label={t('acceptLabel', { project })}
          onClick={() => void respond(true)}
        >
          {answer.isPending ? <Spinner /> : null}
          {t('accept')}
        </Button>
      </div>
    </li>
  );
}
